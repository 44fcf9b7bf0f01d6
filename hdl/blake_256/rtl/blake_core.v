// blake_core: BLAKE (final SHA-3 submission, no salt) and BLAKE2 (RFC 7693, unkeyed), one
// parameterised RTL for BLAKE-256 (W = 32), BLAKE-512 (W = 64), BLAKE2s (W = 32, BLAKE2)
// and BLAKE2b (W = 64, BLAKE2).  Basic iterative architecture: one full round per clock
// (4 column G then 4 diagonal G, 8 G in the combinational path), ROUNDS clocks per block.
// Interface: hdl/README.md.  The host pads and supplies the counter on `count`: BLAKE the
// message bits up to this block (0 for a padding-only block; padding `blake`), BLAKE2 the
// message bytes up to this block (padding `blake2`, where `last` is the f0 flag as well).
// Round 0 runs in the clock that takes blk_valid (from the freshly initialised v), and the
// feed-forward h ^= v_lo ^ v_hi is taken from the output of the last round, so a block
// costs ROUNDS clocks from blk_valid until ready; start loads the IV without dropping ready.
`default_nettype none
module blake_core #(
    parameter W      = 32,            // word size: 32 or 64
    parameter BLAKE2 = 0,             // 0: BLAKE, 1: BLAKE2
    parameter ROUNDS = 14,            // BLAKE-256 14, BLAKE-512 16, BLAKE2s 10, BLAKE2b 12
    parameter BLOCK_BITS  = 16 * W,   // fixed by W
    parameter DIGEST_BITS = 8 * W
) (
`include "hb_core_ports.vh"
);
    // BLAKE: the SHA-2 IV, constants from the digits of pi (BLAKE spec v1.3 sec. 2.1.1,
    // 2.2.1); BLAKE2 uses the same IV (RFC 7693 sec. 2.6).  Word i at [W*i +: W].
    localparam [511:0] IV32 = {32'h5be0cd19, 32'h1f83d9ab, 32'h9b05688c, 32'h510e527f,
                               32'ha54ff53a, 32'h3c6ef372, 32'hbb67ae85, 32'h6a09e667};
    localparam [511:0] IV64 = {64'h5be0cd19137e2179, 64'h1f83d9abfb41bd6b,
                               64'h9b05688c2b3e6c1f, 64'h510e527fade682d1,
                               64'ha54ff53a5f1d36f1, 64'h3c6ef372fe94f82b,
                               64'hbb67ae8584caa73b, 64'h6a09e667f3bcc908};
    localparam [8*W-1:0] IV = (W == 32) ? IV32[255:0] : IV64;
    // BLAKE2 parameter block word 0, unkeyed: depth 1, fanout 1, digest bytes W / 8 * 8
    localparam [W-1:0] P0 = 32'h01010000 | (W);
    localparam [W-1:0] KH = (BLAKE2 != 0) ? P0 : {W{1'b0}};

    wire [8*W-1:0] c_lo;                 // c0..c7 (BLAKE) or the IV (BLAKE2) for v8..v15
    blake_const #(.W(W)) u_c (.c(), .c_lo(c_lo));
    wire [8*W-1:0] k_lo = (BLAKE2 != 0) ? IV : c_lo;

    reg [8*W-1:0]  h_reg;   reg [8*W-1:0]  h_new;   reg h_we;
    reg [16*W-1:0] v_reg;
    reg [16*W-1:0] m_reg;

    wire       init, load, blk_end;
    wire [4:0] rnd;
    hb_ctrl #(.ROUNDS(ROUNDS), .RW(5)) u_ctrl (
        .clk(clk), .rst(rst), .start(start), .blk_valid(blk_valid), .last(last),
        .ready(ready), .digest_valid(digest_valid), .init(init), .load(load), .rnd(rnd),
        .fin(), .pass(), .blk_end(blk_end), .fin_end(), .last_q());

    // message words: BLAKE big-endian, BLAKE2 little-endian; word i at m[W*i +: W]
    wire [16*W-1:0] blk_w;
    genvar k;
    generate
        for (k = 0; k < 2 * W; k = k + 1) begin : g_in
            // byte k of the block is byte (k mod W/8) of word k / (W/8), counted from the
            // most significant byte (BLAKE) or the least (BLAKE2)
            localparam integer WB = W / 8, I = k / WB, B = k % WB;
            localparam integer POS = (BLAKE2 != 0) ? B : WB - 1 - B;
            assign blk_w[W*I + 8*POS +: 8] = blk[16*W-1-8*k -: 8];
            if (k < W) begin : g_out
                assign digest[8*W-1-8*k -: 8] = h_reg[W*I + 8*POS +: 8];
            end
        end
    endgenerate

    // initial v: BLAKE v12, v13 ^= t0, v14, v15 ^= t1 (sec. 2.1.2, 2.2.2); BLAKE2 v12 ^= t0,
    // v13 ^= t1, v14 ^= f0 (RFC 7693 sec. 3.2).  t = count, so t1 = count's high half (W = 32)
    // or 0 (W = 64: messages below 2^64 bits).
    wire [W-1:0] t0 = count[W-1:0];
    wire [W-1:0] t1 = (W == 32) ? count[63:32] : {W{1'b0}};
    wire [4*W-1:0] v_hi_x = (BLAKE2 != 0) ? {{W{1'b0}}, {W{last}}, t1, t0}
                                          : {t1, t1, t0, t0};
    wire [16*W-1:0] v_init = {k_lo[8*W-1:4*W] ^ v_hi_x, k_lo[4*W-1:0], h_reg};

    wire [16*W-1:0] rnd_out;
    blake_round #(.W(W), .BLAKE2(BLAKE2)) u_round (
        .v(load ? v_init : v_reg), .m(load ? blk_w : m_reg), .r(rnd), .y(rnd_out));

    always @* begin
        h_new = init ? IV ^ {{(7*W){1'b0}}, KH}
                     : h_reg ^ rnd_out[8*W-1:0] ^ rnd_out[16*W-1:8*W];
        h_we  = init | blk_end;
    end

    always @(posedge clk) begin
        if (h_we)   h_reg <= h_new;
        v_reg <= rnd_out;
        if (load)   m_reg <= blk_w;
    end
endmodule

// The sixteen BLAKE constants c0..c15 (BLAKE spec v1.3 sec. 2.1.1 and 2.2.1: the leading
// fraction digits of pi), c_i at [W*i +: W]; c_lo is c0..c7.
module blake_const #(
    parameter W = 32
) (
    output wire [16*W-1:0] c,
    output wire [8*W-1:0]  c_lo
);
    localparam [1023:0] C64 = {   // c15 .. c0
        64'h636920d871574e69, 64'h0801f2e2858efc16, 64'h24a19947b3916cf7, 64'hba7c9045f12c7f99,
        64'hb8e1afed6a267e96, 64'h2ffd72dbd01adfb7, 64'hd1310ba698dfb5ac, 64'h9216d5d98979fb1b,
        64'h3f84d5b5b5470917, 64'hc0ac29b7c97c50dd, 64'hbe5466cf34e90c6c, 64'h452821e638d01377,
        64'h082efa98ec4e6c89, 64'ha4093822299f31d0, 64'h13198a2e03707344, 64'h243f6a8885a308d3};
    // BLAKE-256: the same digits cut into 32-bit words, so c0..c15 here = C64's c0..c7 halves
    localparam [511:0] C32 = {32'hb5470917, 32'h3f84d5b5, 32'hc97c50dd, 32'hc0ac29b7,
                              32'h34e90c6c, 32'hbe5466cf, 32'h38d01377, 32'h452821e6,
                              32'hec4e6c89, 32'h082efa98, 32'h299f31d0, 32'ha4093822,
                              32'h03707344, 32'h13198a2e, 32'h85a308d3, 32'h243f6a88};
    assign c    = (W == 32) ? C32 : C64;
    assign c_lo = c[8*W-1:0];
endmodule

// One BLAKE or BLAKE2 round (the sigma of round r mod 10), combinational: v word i is
// v[W*i +: W], message word i is m[W*i +: W].
module blake_round #(
    parameter W      = 32,
    parameter BLAKE2 = 0
) (
    input  wire [16*W-1:0] v,
    input  wire [16*W-1:0] m,
    input  wire [4:0]      r,
    output wire [16*W-1:0] y
);
    // G rotations: BLAKE-256 and BLAKE2s 16 12 8 7, BLAKE-512 32 25 16 11, BLAKE2b 32 24 16 63
    localparam integer R1 = (W == 32) ? 16 : 32;
    localparam integer R2 = (W == 32) ? 12 : (BLAKE2 != 0) ? 24 : 25;
    localparam integer R3 = (W == 32) ? 8  : 16;
    localparam integer R4 = (W == 32) ? 7  : (BLAKE2 != 0) ? 63 : 11;

    // sigma_0..sigma_9 (BLAKE sec. 2.1.2, RFC 7693 sec. 2.7), element j in bits [4*j +: 4]
    wire [4:0] rm = (r >= 5'd20) ? r - 5'd20 : (r >= 5'd10) ? r - 5'd10 : r;
    reg [63:0] s;
    always @* begin
        case (rm)
            5'd0: s = 64'hfedcba9876543210;
            5'd1: s = 64'h357b20c16df984ae;
            5'd2: s = 64'h491763eadf250c8b;
            5'd3: s = 64'h8f04a562ebcd1397;
            5'd4: s = 64'hd386cb1efa427509;
            5'd5: s = 64'h91ef57d438b0a6c2;
            5'd6: s = 64'hb8293670a4def15c;
            5'd7: s = 64'ha2684f05931ce7bd;
            5'd8: s = 64'h5a417d2c803b9ef6;
            default: s = 64'h0dc3e9bf5167482a;
        endcase
    end

    // the word G adds in its step j: BLAKE m[s(j)] ^ c[s(j ^ 1)], BLAKE2 m[s(j)]
    wire [16*W-1:0] c;
    blake_const #(.W(W)) u_c (.c(c), .c_lo());
    wire [16*W-1:0] x;
    genvar j;
    generate
        for (j = 0; j < 16; j = j + 1) begin : g_sel
            if (BLAKE2 != 0) begin : b2
                assign x[W*j +: W] = m[W*s[4*j +: 4] +: W];
            end else begin : b1
                assign x[W*j +: W] = m[W*s[4*j +: 4] +: W] ^ c[W*s[4*(j^1) +: 4] +: W];
            end
        end
    endgenerate

`include "hb_rotr.vh"

    // G on {d, c, b, a}
    function [4*W-1:0] g;
        input [4*W-1:0] abcd;
        input [W-1:0]   mx, my;
        reg [W-1:0] a, b, c, d;
        begin
            a = abcd[W-1:0]; b = abcd[2*W-1:W]; c = abcd[3*W-1:2*W]; d = abcd[4*W-1:3*W];
            a = a + b + mx; d = rotr(d ^ a, R1);
            c = c + d;      b = rotr(b ^ c, R2);
            a = a + b + my; d = rotr(d ^ a, R3);
            c = c + d;      b = rotr(b ^ c, R4);
            g = {d, c, b, a};
        end
    endfunction

    `define V(vec, i) vec[W*(i) +: W]
    // columns: (v0, v4, v8, v12) .. (v3, v7, v11, v15)
    wire [4*W-1:0] c0 = g({`V(v,12), `V(v,8),  `V(v,4), `V(v,0)}, `V(x,0), `V(x,1));
    wire [4*W-1:0] c1 = g({`V(v,13), `V(v,9),  `V(v,5), `V(v,1)}, `V(x,2), `V(x,3));
    wire [4*W-1:0] c2 = g({`V(v,14), `V(v,10), `V(v,6), `V(v,2)}, `V(x,4), `V(x,5));
    wire [4*W-1:0] c3 = g({`V(v,15), `V(v,11), `V(v,7), `V(v,3)}, `V(x,6), `V(x,7));
    // u word 4*q + i is word q of column i
    wire [16*W-1:0] u;
    generate
        for (j = 0; j < 4; j = j + 1) begin : g_u
            assign u[W*(4*j+0) +: W] = c0[W*j +: W];
            assign u[W*(4*j+1) +: W] = c1[W*j +: W];
            assign u[W*(4*j+2) +: W] = c2[W*j +: W];
            assign u[W*(4*j+3) +: W] = c3[W*j +: W];
        end
    endgenerate
    // diagonals: d0 = (v0, v5, v10, v15), d1 = (v1, v6, v11, v12), d2 = (v2, v7, v8, v13),
    // d3 = (v3, v4, v9, v14)
    wire [4*W-1:0] d0 = g({`V(u,15), `V(u,10), `V(u,5), `V(u,0)}, `V(x,8),  `V(x,9));
    wire [4*W-1:0] d1 = g({`V(u,12), `V(u,11), `V(u,6), `V(u,1)}, `V(x,10), `V(x,11));
    wire [4*W-1:0] d2 = g({`V(u,13), `V(u,8),  `V(u,7), `V(u,2)}, `V(x,12), `V(x,13));
    wire [4*W-1:0] d3 = g({`V(u,14), `V(u,9),  `V(u,4), `V(u,3)}, `V(x,14), `V(x,15));
    assign y = {`V(d0,3), `V(d3,3), `V(d2,3), `V(d1,3),      // v15..v12
                `V(d1,2), `V(d0,2), `V(d3,2), `V(d2,2),      // v11..v8
                `V(d2,1), `V(d1,1), `V(d0,1), `V(d3,1),      // v7..v4
                `V(d3,0), `V(d2,0), `V(d1,0), `V(d0,0)};     // v3..v0
    `undef V
endmodule
`default_nettype wire
