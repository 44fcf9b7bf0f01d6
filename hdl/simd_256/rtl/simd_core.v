// simd_core: SIMD-256 (BIG = 0) and SIMD-512 (BIG = 1), SHA-3 round 2, tweaked version 1.1.
// Iterative architecture: the clock that takes the block computes the whole message expansion
// (the number-theoretic transform of size NN = 128 / 256 over Z_257, as 16 inner DFTs of size
// R = 8 / 16 whose twiddles are powers of 2, NN multiplications by constants, R outer DFTs of
// size 16 with powers of 2; then the inner codes 185 y and 233 y) into a register of the 32
// expanded words, and xors the block into the state; then one Feistel step (NL = 4 / 8 lanes)
// per clock: 32 steps and the 4
// feed-forward steps, the last one writing the chaining value: 37 clocks per block.  The
// length block, the last one, is expanded with the final term.  Interface: hdl/README.md;
// padding `simd` (the last block zero-filled, then a block with the 64-bit bit length,
// little-endian); `count` unused.
`default_nettype none
module simd_core #(
    parameter BIG         = 0,
    parameter BLOCK_BITS  = BIG ? 1024 : 512,   // fixed by BIG
    parameter DIGEST_BITS = BIG ? 512 : 256
) (
`include "hb_core_ports.vh"
);
    localparam NL = BIG ? 8 : 4;        // lanes
    localparam NN = 32 * NL;            // transform size
    localparam R  = NN / 16;            // inner DFT size
    localparam E  = BIG ? 1 : 2;        // alpha^16 = 2^E
    localparam SW = 128 * NL;           // state bits
    localparam WW = 32 * 32 * NL;       // expanded words: 32 steps of NL 32-bit words
    // IVs (spec): S[k][j] (row k, lane j) at [32*(NL k + j) +: 32]
    localparam [1023:0] IV512 = 1024'h6ffddc22b94d094321bf9bd38fa149562b9022e49019b6dcd699c7bc09254899fdb7a257cd8d65bbed1c014fab02675eb958e2a89c1714d16b70e3e87eef60a1598f657e559a75500a02892b88817f7aaab7878fe25b878ba90635a5ac506643f0f2c5582f1daa378e9f30e55e894929ba3264fc9fecc2ae72f999ad0ba16b95;
    localparam [511:0] IV256 = 512'h55693de1d0c661a51ff47833e2eaa8d2668626c9f67caf4649b3bcb4c2c2ba14c96006d3afd5e7513ee20b03aaf3d92539d726e98474577b07190ba94d567983;
    // twiddles alpha^(j2 k1) mod 257, alpha = 41^(256/NN): entry (j2, k1) at [9*(R*j2 + k1) +: 9]
    localparam [2303:0] TW512 = 2304'h65ac86692530f9e6e34e1c830eb1fa1c8a015908df0110c90d3e804f2ec24df679ed880119be16e865e1d8aaf2180d11c6f1c3a0a001490450cff69b8ca2405daf5d6085c1e17c015306578d31bb406a797e2a0e0f65230d04011f10cece3681d4e420093aca8f043970e80179a7caa511a9c836bd130247eb801855260171a01e4403c8817a106f821e0043c00878014e27860bb7e0484cdf23b3d687b573101c01392ec68bd543ac120867ae10e780aaf9c4010c0491ceb381507ef05a21c4a5c229d0ae0175b7cde087b3c170043d9e0b8025f0f05c011fb3c70b85221c0678570548abe49b885a01439edd078619702a02622f8e83c710b9160122b10a0be411d1263c07388ae2e16a2c5201008040201008040201008040201008040201;
    localparam [1151:0] TW256 = 1152'h592487ce3393ad0e011184486805db7cf6017c218ecf21a1bdd00108bfdc6405e820f0010cb4da079543d9860121b8cea2075bc0b8014f944e4bd04ae02a014010040100401004014f2ec24df679ed88015daf5d6085c1e17c01093aca8f043970e8016f821e0043c008780167ae10e780aaf9c4013d9e0b8025f0f05c01622f8e83c710b91601008040201008040201;
    // the inner-code word Z[q] that feeds step i (spec 2.1.3): q at [5*i +: 5]
    localparam [159:0] ZORDER = 160'hd73bbfe71e9c2b6a5e51729a94316f08ca7100c4;

    localparam [2303:0] TW = BIG ? TW512 : TW256;
    localparam [SW-1:0] IV = BIG ? IV512 : IV256;

    reg [SW-1:0]    s_reg;              // chaining value S
    reg [SW-1:0]    x_reg;              // (A, B, C, D), lane j of row k at [32*(NL k + j) +: 32]
    reg [WW-1:0]    w_reg;              // expanded words of the coming steps, step at the bottom

    wire       init, load, blk_end;
    wire [5:0] rnd;
    hb_ctrl #(.ROUNDS(37), .RW(6)) u_ctrl (
        .clk(clk), .rst(rst), .start(start), .blk_valid(blk_valid), .last(last),
        .ready(ready), .digest_valid(digest_valid), .init(init), .load(load), .rnd(rnd),
        .fin(), .pass(), .blk_end(blk_end), .fin_end(), .last_q());

    // Each sum of the expansion is a generate instance with its own fixed-width signals,
    // named by its place: yosys elaborates it once, at its real width, and a simulator
    // re-evaluates only the sums an input feeds.  (One always block looping over arrays of
    // integers is elaborated as 32-bit arithmetic through arrays turned into registers, which
    // keeps yosys's front end busy for many minutes before synthesis starts.)
    localparam AW = 21;                 // |sums| < 2^19: 8 bytes or 16 residues, shifted by < 8

    // v mod 257 as -128..128: three folds by 256 = -1 (to -1..256), then the centred lift;
    // no division
    function signed [8:0] red;
        input signed [AW-1:0] v;
        reg signed [AW-1:0] f;
        begin
            f = $signed({1'b0, v[7:0]}) - (v >>> 8);
            f = $signed({1'b0, f[7:0]}) - (f >>> 8);
            f = $signed({1'b0, f[7:0]}) - (f >>> 8);
            if (f < 0) f = f + 257;
            if (f > 128) f = f - 257;
            red = f[8:0];
        end
    endfunction
    // v * 2^t up to a sign (2 has order 16, 2^8 = -1), not reduced: a constant shift
    function signed [AW-1:0] mul2t;
        input signed [AW-1:0] v;
        input integer t;
        mul2t = ((t % 16) < 8) ? (v <<< (t % 16)) : -(v <<< ((t % 16) - 8));
    endfunction
    function signed [AW-1:0] sx;        // a residue, sign-extended
        input [8:0] v;
        sx = {{(AW - 9){v[8]}}, v};
    endfunction
    function [15:0] code;               // the inner code: k y mod 2^16
        input [8:0] y;
        input integer k;
        code = sx(y) * k;
    endfunction

    // the expansion: y_i = P(alpha^i), P(X) = sum_(j<NN/2) m_j X^j + X^(NN-1) (+ X^(NN-3)
    // if final); i = k1 + R k2, j = 16 j1 + j2.  The inner DFT (j2, k1) gives the residue
    // g_inner[j2].g_k1[k1].u, the outer DFT (k1, k2) the residue g_outer[k1].g_k2[k2].y = y_i.
    wire [WW-1:0]    w_new;
    genvar g1, g2, g3, gi, gj;
    generate
        for (g2 = 0; g2 < 16; g2 = g2 + 1) begin : g_inner
            for (g1 = 0; g1 < R; g1 = g1 + 1) begin : g_k1     // root alpha^16 = 2^E
                reg signed [AW-1:0] acc;
                integer j1;
                always @* begin
                    // j1 = R-1: X^(NN-1) in every block, X^(NN-3) in the final one
                    acc = (g2 == 15 || (g2 == 13 && last)) ? mul2t(1, E*(R - 1)*g1) : 0;
                    for (j1 = 0; j1 < R / 2; j1 = j1 + 1)
                        acc = acc + mul2t({{(AW - 8){1'b0}}, blk[BLOCK_BITS - 1 - 8*(16*j1 + g2) -: 8]},
                                          E*j1*g1);
                end
                wire signed [AW-1:0] tw = sx(red(acc)) * $signed({1'b0, TW[9*(R*g2 + g1) +: 9]});
                wire [8:0] u = red(tw);
            end
        end
        for (g1 = 0; g1 < R; g1 = g1 + 1) begin : g_outer
            for (g2 = 0; g2 < 16; g2 = g2 + 1) begin : g_k2     // root alpha^8 = 2
                for (g3 = 0; g3 < 16; g3 = g3 + 1) begin : g_sum    // over j2, a chain
                    wire signed [AW-1:0] s;
                    if (g3 == 0) begin : g_first
                        assign s = sx(g_inner[0].g_k1[g1].u);
                    end else begin : g_next
                        assign s = g_sum[g3 - 1].s + mul2t(sx(g_inner[g3].g_k1[g1].u), g3*g2);
                    end
                end
                wire [8:0] y = red(g_sum[15].s);
            end
        end
        // step i, lane j: Z[q] pairs (185 y_t, 185 y_(t+1)), t = 2 (NL q + j), for q < 16, and
        // (233 y_t, 233 y_(t+NN/2)), t = 2 (NL (q mod 8) + j) (+ 1 for q >= 24), for q >= 16
        for (gi = 0; gi < 32; gi = gi + 1) begin : g_word
            localparam integer Q = ZORDER[5*gi +: 5];
            for (gj = 0; gj < NL; gj = gj + 1) begin : g_lane
                localparam integer T = Q < 16 ? 2 * (NL*Q + gj) : 2 * (NL*(Q % 8) + gj) + (Q >= 24 ? 1 : 0);
                localparam integer T2 = Q < 16 ? T + 1 : T + NN/2;      // the high half's y
                localparam integer K = Q < 16 ? 185 : 233;
                assign w_new[32*NL*gi + 32*gj +: 32] = {code(g_outer[T2 % R].g_k2[T2 / R].y, K),
                                                        code(g_outer[T % R].g_k2[T / R].y, K)};
            end
        end
    endgenerate
    integer i, j;

    // message words little-endian
    reg [SW-1:0] m_le;
    always @* for (i = 0; i < SW / 8; i = i + 1) m_le[8*i +: 8] = blk[SW - 1 - 8*i -: 8];

    // one step: D <- ((D + w + F(A, B, C)) <<< s) + (A <<< r)[lane ^ p], A <- A <<< r, then
    // (A, B, C, D) <- (D, A, B, C).  Step n = rnd - 1; rotations (r, s) by the round and the
    // step's place in it; F = IF in steps 0-3 of a round, MAJ in 4-7; p = 1, 2, 3 by n mod 3
    // (NL = 4) or 1, 6, 2, 3, 5, 7, 4 by n mod 7 (NL = 8)
    function [31:0] rotl;
        input [31:0] v;
        input integer n;
        rotl = (v << n) | (v >> (32 - n));
    endfunction
    function integer rc;                        // the four rotations of round rd
        input integer rd, k;
        reg [19:0] row;
        begin
            case (rd)
            0: row = {5'd3, 5'd23, 5'd17, 5'd27};
            1: row = {5'd28, 5'd19, 5'd22, 5'd7};
            2: row = {5'd29, 5'd9, 5'd15, 5'd5};
            default: row = {5'd4, 5'd13, 5'd10, 5'd25};
            endcase
            rc = row[19 - 5*(k % 4) -: 5];
        end
    endfunction
    reg [SW-1:0]    xn;
    reg [32*NL-1:0] w;
    reg [31:0]  a [0:7];
    reg [31:0]  b [0:7];
    reg [31:0]  c [0:7];
    reg [31:0]  d [0:7];
    reg [31:0]  tr [0:7];
    reg [31:0]  f;
    integer n, rd, r, s, p;
    always @* begin
        n  = rnd - 1;
        rd = (n < 32) ? n / 8 : 3;
        r  = rc(rd, n % 4);
        s  = rc(rd, n % 4 + 1);
        if (NL == 4)
            p = (n % 3 == 0) ? 1 : (n % 3 == 1) ? 2 : 3;
        else
            p = (n % 7 == 0) ? 1 : (n % 7 == 1) ? 6 : (n % 7 == 2) ? 2 : (n % 7 == 3) ? 3 :
                (n % 7 == 4) ? 5 : (n % 7 == 5) ? 7 : 4;
        w  = (n < 32) ? w_reg[32*NL-1:0] : s_reg[32*NL*(n - 32) +: 32*NL];
        for (j = 0; j < NL; j = j + 1) begin
            a[j] = x_reg[32*j +: 32]; b[j] = x_reg[32*NL + 32*j +: 32];
            c[j] = x_reg[64*NL + 32*j +: 32]; d[j] = x_reg[96*NL + 32*j +: 32];
            tr[j] = rotl(a[j], r);
        end
        for (j = 0; j < NL; j = j + 1) begin
            f = (n < 32 && n % 8 >= 4) ? ((a[j] & b[j]) | ((a[j] | b[j]) & c[j]))
                                       : (((b[j] ^ c[j]) & a[j]) ^ c[j]);
            d[j] = rotl(d[j] + w[32*j +: 32] + f, s) + tr[j ^ p];
        end
        for (j = 0; j < NL; j = j + 1) begin
            xn[32*j +: 32] = d[j];              // the new A
            xn[32*NL + 32*j +: 32] = tr[j];     // B = A <<< r
            xn[64*NL + 32*j +: 32] = b[j];      // C = B
            xn[96*NL + 32*j +: 32] = c[j];      // D = C
        end
    end

    always @(posedge clk) begin
        if (init)          s_reg <= IV;
        else if (blk_end)  s_reg <= xn;
        if (load) begin
            x_reg <= s_reg ^ m_le;
            w_reg <= w_new;
        end else if (~ready) begin
            x_reg <= xn;
            w_reg <= {{(32*NL){1'b0}}, w_reg[WW-1:32*NL]};
        end
    end

    // the digest: rows 0 and 1 of S, little-endian words
    reg [DIGEST_BITS-1:0] dg;
    always @* for (i = 0; i < DIGEST_BITS / 8; i = i + 1) dg[DIGEST_BITS - 1 - 8*i -: 8] = s_reg[8*i +: 8];
    assign digest = dg;
endmodule
`default_nettype wire
