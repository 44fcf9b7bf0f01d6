// simd_core: SIMD-256 (SHA-3 round 2, tweaked version 1.1).  Iterative architecture: the
// clock that takes the block computes the whole message expansion (the number-theoretic
// transform of size 128 over Z_257, as 16 inner DFTs of size 8 whose twiddles are powers of
// 2, 128 multiplications by constants, 8 outer DFTs of size 16 with powers of 2; then the
// inner codes 185 y and 233 y) into a register of the 32 expanded words, and xors the block
// into the state; then one Feistel step (four lanes) per clock: 32 steps and the 4
// feed-forward steps, the last one writing the chaining value: 37 clocks per block.  The
// length block, the last one, is expanded with the final term.  Interface: hdl/README.md;
// padding `simd` (the last block zero-filled, then a block with the 64-bit bit length,
// little-endian); `count` unused.
`default_nettype none
module simd_core #(
    parameter BLOCK_BITS  = 512,        // fixed
    parameter DIGEST_BITS = 256         // fixed
) (
`include "hb_core_ports.vh"
);
    localparam NL = 4;                  // lanes
    localparam NN = 128;                // transform size
    // IV (spec): S[k][j] (row k, lane j) at [32*(4k + j) +: 32]
    localparam [511:0] IV = 512'h55693de1d0c661a51ff47833e2eaa8d2668626c9f67caf4649b3bcb4c2c2ba14c96006d3afd5e7513ee20b03aaf3d92539d726e98474577b07190ba94d567983;
    // twiddles alpha^(j2 k1) mod 257, alpha = 41^2: entry (j2, k1) at [9*(8*j2 + k1) +: 9]
    localparam [1151:0] TW = 1152'h592487ce3393ad0e011184486805db7cf6017c218ecf21a1bdd00108bfdc6405e820f0010cb4da079543d9860121b8cea2075bc0b8014f944e4bd04ae02a014010040100401004014f2ec24df679ed88015daf5d6085c1e17c01093aca8f043970e8016f821e0043c008780167ae10e780aaf9c4013d9e0b8025f0f05c01622f8e83c710b91601008040201008040201;
    // the inner-code word Z[q] that feeds step i (spec 2.1.3): q at [5*i +: 5]
    localparam [159:0] ZORDER = 160'hd73bbfe71e9c2b6a5e51729a94316f08ca7100c4;

    reg [511:0]  s_reg;                 // chaining value S
    reg [511:0]  x_reg;                 // (A, B, C, D), lane j of row k at [32*(4k + j) +: 32]
    reg [4095:0] w_reg;                 // expanded words of the coming steps, step at the bottom

    wire       init, load, blk_end;
    wire [5:0] rnd;
    hb_ctrl #(.ROUNDS(37), .RW(6)) u_ctrl (
        .clk(clk), .rst(rst), .start(start), .blk_valid(blk_valid), .last(last),
        .ready(ready), .digest_valid(digest_valid), .init(init), .load(load), .rnd(rnd),
        .fin(), .pass(), .blk_end(blk_end), .fin_end(), .last_q());

    // v mod 257 as -128..128 for |v| < 2^24: three folds by 256 = -1 (to -2..257), then
    // one correction and the centred lift; no division
    function integer red;
        input integer v;
        begin
            red = (v & 255) - (v >>> 8);
            red = (red & 255) - (red >>> 8);
            red = (red & 255) - (red >>> 8);
            if (red < 0) red = red + 257;
            if (red > 256) red = red - 257;
            if (red > 128) red = red - 257;
        end
    endfunction
    // v * 2^t mod 257 (2 has order 16, 2^8 = -1)
    function integer mul2t;
        input integer v;
        input integer t;
        begin
            mul2t = ((t % 16) < 8) ? (v <<< (t % 16)) : -(v <<< ((t % 16) - 8));
            mul2t = red(mul2t);
        end
    endfunction

    // the expansion: y_i = P(alpha^i), P(X) = sum_(j<64) m_j X^j + X^127 (+ X^125 if final)
    reg [4095:0] w_new;
    integer u [0:127];                  // (k1, j2) at 16*k1 + j2
    integer y [0:127];
    integer j1, j2, k1, k2, acc, e, i, j, q, t;
    reg [15:0] z1 [0:127];
    reg [15:0] z2 [0:127];
    always @* begin
        for (j2 = 0; j2 < 16; j2 = j2 + 1)
            for (k1 = 0; k1 < 8; k1 = k1 + 1) begin
                acc = 0;
                for (j1 = 0; j1 < 4; j1 = j1 + 1)       // inner DFT, root alpha^16 = 4 = 2^2
                    acc = acc + mul2t(blk[511 - 8*(16*j1 + j2) -: 8], 2*j1*k1);
                e = (j2 == 15 || (last && j2 == 13)) ? 1 : 0;   // j1 = 7: X^127, X^125
                acc = acc + mul2t(e, 14*k1);
                u[16*k1 + j2] = red(red(acc) * TW[9*(8*j2 + k1) +: 9]);
            end
        for (k1 = 0; k1 < 8; k1 = k1 + 1)
            for (k2 = 0; k2 < 16; k2 = k2 + 1) begin
                acc = 0;
                for (j2 = 0; j2 < 16; j2 = j2 + 1)     // outer DFT, root alpha^8 = 2
                    acc = acc + mul2t(u[16*k1 + j2], j2*k2);
                y[k1 + 8*k2] = red(acc);
            end
        for (i = 0; i < NN; i = i + 1) begin
            z1[i] = 185 * y[i];
            z2[i] = 233 * y[i];
        end
        // step i, lane j: Z[q] pairs (185 y_t, 185 y_(t+1)), t = 2 (4q + j), for q < 16, and
        // (233 y_t, 233 y_(t+64)), t = 2 (4 (q mod 8) + j) (+ 1 for q >= 24), for q >= 16
        for (i = 0; i < 32; i = i + 1) begin
            q = ZORDER[5*i +: 5];
            for (j = 0; j < NL; j = j + 1) begin
                if (q < 16) begin
                    t = 2 * (4*q + j);
                    w_new[128*i + 32*j +: 32] = {z1[t + 1], z1[t]};
                end else begin
                    t = 2 * (4*(q % 8) + j) + (q >= 24 ? 1 : 0);
                    w_new[128*i + 32*j +: 32] = {z2[t + 64], z2[t]};
                end
            end
        end
    end

    // message words little-endian
    reg [511:0] m_le;
    always @* for (i = 0; i < 64; i = i + 1) m_le[8*i +: 8] = blk[511 - 8*i -: 8];

    // one step: D <- ((D + w + F(A, B, C)) <<< s) + (A <<< r)[lane ^ p], A <- A <<< r, then
    // (A, B, C, D) <- (D, A, B, C).  Step n = rnd - 1; rotations (r, s) by the round and the
    // step's place in it; F = IF in steps 0-3 of a round, MAJ in 4-7; p = 1, 2, 3 by n mod 3
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
    reg [511:0] xn;
    reg [127:0] w;
    reg [31:0]  a [0:3];
    reg [31:0]  b [0:3];
    reg [31:0]  c [0:3];
    reg [31:0]  d [0:3];
    reg [31:0]  tr [0:3];
    reg [31:0]  f;
    integer n, rd, r, s, p;
    always @* begin
        n  = rnd - 1;
        rd = (n < 32) ? n / 8 : 3;
        r  = rc(rd, n % 4);
        s  = rc(rd, n % 4 + 1);
        p  = (n % 3 == 0) ? 1 : (n % 3 == 1) ? 2 : 3;
        w  = (n < 32) ? w_reg[127:0] : s_reg[128*(n - 32) +: 128];
        for (j = 0; j < NL; j = j + 1) begin
            a[j] = x_reg[32*j +: 32]; b[j] = x_reg[128 + 32*j +: 32];
            c[j] = x_reg[256 + 32*j +: 32]; d[j] = x_reg[384 + 32*j +: 32];
            tr[j] = rotl(a[j], r);
        end
        for (j = 0; j < NL; j = j + 1) begin
            f = (n < 32 && n % 8 >= 4) ? ((a[j] & b[j]) | ((a[j] | b[j]) & c[j]))
                                       : (((b[j] ^ c[j]) & a[j]) ^ c[j]);
            d[j] = rotl(d[j] + w[32*j +: 32] + f, s) + tr[j ^ p];
        end
        for (j = 0; j < NL; j = j + 1) begin
            xn[32*j +: 32] = d[j];              // the new A
            xn[128 + 32*j +: 32] = tr[j];       // B = A <<< r
            xn[256 + 32*j +: 32] = b[j];        // C = B
            xn[384 + 32*j +: 32] = c[j];        // D = C
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
            w_reg <= {128'd0, w_reg[4095:128]};
        end
    end

    // the digest: rows 0 and 1 of S, little-endian words
    reg [255:0] dg;
    always @* for (i = 0; i < 32; i = i + 1) dg[255 - 8*i -: 8] = s_reg[8*i +: 8];
    assign digest = dg;
endmodule
`default_nettype wire
