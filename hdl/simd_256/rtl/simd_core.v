// simd_core: SIMD-256 (BIG = 0) and SIMD-512 (BIG = 1), SHA-3 round 2, tweaked version 1.1.
// Iterative architecture with a folded message expansion: the number-theoretic transform of
// size NN = 128 / 256 over Z_257 is computed one column k1 per clock (16 inner DFTs of size
// R = 8 / 16, 16 twiddle products, 16 outer DFTs of size 16) in the R clocks from the load,
// into a register of the NN residues; then one Feistel step (NL = 4 / 8 lanes) per clock, its
// expanded word the inner code (185 y or 233 y) of residues wired to it: 32 steps and the 4
// feed-forward steps, the last one writing the chaining value.  The expansion is a two-stage
// pipeline (inner DFTs and twiddles, then outer DFTs): R + 1 + 36 = 45 / 53 clocks per
// block.  The length block, the last one, is expanded with the final term.  Interface:
// hdl/README.md; padding `simd` (the last block zero-filled, then a block with the 64-bit bit
// length, little-endian); `count` unused.
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
    reg [NN*9-1:0]  y_reg;              // the transform: y_(k1 + R k2) at [9*(16 k1 + k2) +: 9]

    wire       init, load, blk_end, last_q;
    wire [5:0] rnd;
    hb_ctrl #(.ROUNDS(R + 37), .RW(6)) u_ctrl (
        .clk(clk), .rst(rst), .start(start), .blk_valid(blk_valid), .last(last),
        .ready(ready), .digest_valid(digest_valid), .init(init), .load(load), .rnd(rnd),
        .fin(), .pass(), .blk_end(blk_end), .fin_end(), .last_q(last_q));

    // Each sum of the expansion is a generate instance with its own fixed-width signals,
    // named by its place: yosys elaborates it at its real width, and a simulator re-evaluates
    // only the sums an input feeds.
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
    // v * 2^t up to a sign (2 has order 16, 2^8 = -1), not reduced: a shift by t mod 8,
    // negated if t mod 16 >= 8; t may vary (a 4-bit shifter) or be a constant
    function signed [AW-1:0] mul2t;
        input signed [AW-1:0] v;
        input [3:0] t;
        mul2t = t[3] ? -(v <<< t[2:0]) : (v <<< t[2:0]);
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

    // The expansion, y_i = P(alpha^i) with P(X) = sum_(j<NN/2) m_j X^j + X^(NN-1) (+ X^(NN-3)
    // if final), i = k1 + R k2, j = 16 j1 + j2, one k1 per clock, in two stages:
    //   clocks 0 .. R-1 (k1 = rnd): the 16 inner DFTs (j2, k1) over j1 (root alpha^16 = 2^E, so
    //     the twiddle 2^(E j1 k1) is a shift by a k1-dependent amount) and the twiddles
    //     alpha^(j2 k1) (a 9 x 9 product with a constant chosen by k1) into u_reg;
    //   clocks 1 .. R: the 16 outer DFTs (k1, k2) of u_reg over j2 (root alpha^R = 2, constant
    //     shifts), summed as trees, into y_reg.
    // The register between the stages halves the longest path for one clock per block.  The
    // block's bytes come from the input in the load clock and from x_reg ^ s_reg (S xor M,
    // held until the steps start) after it, and are 0 during the steps, so the expansion's
    // logic does not toggle with every step.
    wire       inner  = ~ready && rnd < R;                  // the inner clocks after the load
    wire       outer  = ~ready && rnd >= 1 && rnd <= R;     // the outer clocks
    wire [3:0] k1 = inner ? rnd[3:0] : 4'd0;                // 0 in the load clock, as rnd
    reg  [16*9-1:0] u_reg;              // the twiddled inner DFTs of the last k1: j2 at [9 j2 +: 9]
    wire [SW-1:0] m_le;                 // byte i of the block at [8 i +: 8]
    wire [SW-1:0] mb = load ? m_le : inner ? x_reg ^ s_reg : {SW{1'b0}};
    integer i, j;

    wire [4:0]      nx = rnd - R - 1;   // the step (n below) mod 32
    wire [18*NL-1:0] ys;                // step nx's 2 NL residues
    wire [16*9-1:0] u_new;              // the inner stage's output
    wire [16*9-1:0] y_slice;            // y_(k1 - 1 + R k2) at [9 k2 +: 9]
    genvar g2, g3, gi, gj;
    generate
        for (gi = 0; gi < SW / 8; gi = gi + 1) begin : g_mle
            assign m_le[8*gi +: 8] = blk[SW - 1 - 8*gi -: 8];
        end
        for (g2 = 0; g2 < 16; g2 = g2 + 1) begin : g_inner
            reg signed [AW-1:0] acc, a;
            reg [3:0] t;
            integer j1;
            always @* begin
                // j1 = R-1: X^(NN-1) in every block, X^(NN-3) in the final one
                t = E*(R - 1)*k1;
                a = (g2 == 15 || (g2 == 13 && last_q)) ? mul2t(1, t) : 0;
                for (j1 = 0; j1 < R / 2; j1 = j1 + 1) begin
                    t = E*j1*k1;
                    a = a + mul2t({{(AW - 8){1'b0}}, mb[8*(16*j1 + g2) +: 8]}, t);
                end
                acc = a;    // one assignment: what reads acc sees no partial sum
            end
            wire signed [AW-1:0] tw = sx(red(acc)) * $signed({1'b0, TW[9*(R*g2 + k1) +: 9]});
            assign u_new[9*g2 +: 9] = red(tw);
        end
        for (g2 = 0; g2 < 16; g2 = g2 + 1) begin : g_k2
            for (g3 = 0; g3 < 16; g3 = g3 + 1) begin : g_term
                wire signed [AW-1:0] s = mul2t(sx(u_reg[9*g3 +: 9]), (g3*g2) % 16);
            end
            for (g3 = 0; g3 < 8; g3 = g3 + 1) begin : g_l1
                wire signed [AW-1:0] s = g_term[2*g3].s + g_term[2*g3 + 1].s;
            end
            for (g3 = 0; g3 < 4; g3 = g3 + 1) begin : g_l2
                wire signed [AW-1:0] s = g_l1[2*g3].s + g_l1[2*g3 + 1].s;
            end
            for (g3 = 0; g3 < 2; g3 = g3 + 1) begin : g_l3
                wire signed [AW-1:0] s = g_l2[2*g3].s + g_l2[2*g3 + 1].s;
            end
            assign y_slice[9*g2 +: 9] = red(g_l3[0].s + g_l3[1].s);
        end
        // step i, lane j: Z[q] pairs (185 y_t, 185 y_(t+1)), t = 2 (NL q + j), for q < 16, and
        // (233 y_t, 233 y_(t+NN/2)), t = 2 (NL (q mod 8) + j) (+ 1 for q >= 24), for q >= 16:
        // the residues of step i at g_word[i].p (wiring only), the step's at ys: a 32-way
        // multiplexer as a tree on the bits of n, each node a signal of its own (one vector
        // of all 32 made a simulator compare it whole on each of its parts' changes)
        for (gi = 0; gi < 32; gi = gi + 1) begin : g_word
            localparam integer Q = ZORDER[5*gi +: 5];
            wire [18*NL-1:0] p;
            for (gj = 0; gj < NL; gj = gj + 1) begin : g_lane
                localparam integer T = Q < 16 ? 2 * (NL*Q + gj) : 2 * (NL*(Q % 8) + gj) + (Q >= 24 ? 1 : 0);
                localparam integer T2 = Q < 16 ? T + 1 : T + NN/2;      // the high half's y
                assign p[18*gj +: 18] = {y_reg[9*(16*(T2 % R) + T2 / R) +: 9],
                                         y_reg[9*(16*(T % R) + T / R) +: 9]};
            end
        end
        for (gi = 0; gi < 16; gi = gi + 1) begin : g_m1
            wire [18*NL-1:0] p = nx[0] ? g_word[2*gi + 1].p : g_word[2*gi].p;
        end
        for (gi = 0; gi < 8; gi = gi + 1) begin : g_m2
            wire [18*NL-1:0] p = nx[1] ? g_m1[2*gi + 1].p : g_m1[2*gi].p;
        end
        for (gi = 0; gi < 4; gi = gi + 1) begin : g_m3
            wire [18*NL-1:0] p = nx[2] ? g_m2[2*gi + 1].p : g_m2[2*gi].p;
        end
        for (gi = 0; gi < 2; gi = gi + 1) begin : g_m4
            wire [18*NL-1:0] p = nx[3] ? g_m3[2*gi + 1].p : g_m3[2*gi].p;
        end
    endgenerate
    assign ys = nx[4] ? g_m4[1].p : g_m4[0].p;

    // one step: D <- ((D + w + F(A, B, C)) <<< s) + (A <<< r)[lane ^ p], A <- A <<< r, then
    // (A, B, C, D) <- (D, A, B, C).  Step n = rnd - R - 1; rotations (r, s) by the round and the
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
    // the expanded word of step n < 32: the inner code 185 y (q < 16) or 233 y of the
    // residues wired to it, mod 2^16, two to a lane
    reg [32*NL-1:0] wx;
    reg [15:0]      yj;
    integer jx;
    always @* begin
        for (jx = 0; jx < 2*NL; jx = jx + 1) begin
            yj = {{7{ys[9*jx + 8]}}, ys[9*jx +: 9]};
            wx[16*jx +: 16] = ZORDER[5*nx + 4] ? yj * 16'd233 : yj * 16'd185;
        end
    end

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
        n  = rnd - R - 1;
        rd = (n < 32) ? n / 8 : 3;
        r  = rc(rd, n % 4);
        s  = rc(rd, n % 4 + 1);
        if (NL == 4)
            p = (n % 3 == 0) ? 1 : (n % 3 == 1) ? 2 : 3;
        else
            p = (n % 7 == 0) ? 1 : (n % 7 == 1) ? 6 : (n % 7 == 2) ? 2 : (n % 7 == 3) ? 3 :
                (n % 7 == 4) ? 5 : (n % 7 == 5) ? 7 : 4;
        w  = (n < 32) ? wx : s_reg[32*NL*(n - 32) +: 32*NL];
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
        if (load)
            x_reg <= s_reg ^ mb;
        else if (~ready && rnd > R)
            x_reg <= xn;
        if (load || inner)
            u_reg <= u_new;
        if (outer)
            y_reg <= {y_slice, y_reg[NN*9-1:16*9]};
    end

    // the digest: rows 0 and 1 of S, little-endian words
    reg [DIGEST_BITS-1:0] dg;
    always @* for (i = 0; i < DIGEST_BITS / 8; i = i + 1) dg[DIGEST_BITS - 1 - 8*i -: 8] = s_reg[8*i +: 8];
    assign digest = dg;
endmodule
`default_nettype wire
