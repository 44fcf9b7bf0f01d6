// Skein-512-256 and Skein-512-512 (Skein v1.3), basic iterative architecture: Threefish-512
// with four rounds unrolled between key injections, one such step per clock.
// A UBI block takes 19 clocks: the clock that samples the block adds subkey 0,
// then 18 clocks of four rounds + the next subkey; the last one also does the
// UBI feed-forward (xor with the message).  After the block marked `last` the
// core runs the output UBI (a zero counter block, type Out) itself.
// Interface: hdl/README.md.  `count` is the UBI position in bytes (message
// bytes up to and including this block); the core sets the first flag.
`default_nettype none
module skein512_core #(
    parameter BLOCK_BITS  = 512,        // fixed
    parameter DIGEST_BITS = 256         // 256 or 512 (one output block)
) (
`include "hb_core_ports.vh"
);
    localparam [63:0] C240 = 64'h1BD11BDAA9FC1A22;       // v1.3 sec. 3.3.2
    localparam [5:0]  T_MSG = 6'd48, T_OUT = 6'd63;      // sec. 3.5.1
    // IV of Skein-512-n: the configuration UBI of sec. 3.5.2 (schema "SHA3",
    // version 1, output length n, no tree) on a zero key, word 7 first.
    // Computed by hdl/skein512_256/gen_iv.py n; equal to spec appendix B.2 / B.3.
    localparam [511:0] IV_512 = {64'hae18a40b660fcc33, 64'h991112c71a75b523,
                                 64'heabe394ca9d5c3f4, 64'h5db62599df6ca7b0,
                                 64'h9a255629ff352cb1, 64'h8fd1934127c79bce,
                                 64'h0d95de399746df03, 64'h4903adff749c51ce};
    localparam [511:0] IV_256 = {64'h3eedba1833edfc13, 64'hc36fbaf9393ad185,
                             64'he7a436cdc4746251, 64'hec06025e74dd7683,
                             64'h2a2767a4ae9b94db, 64'h55aea0614f816e6f,
                             64'he83590301a79a9eb, 64'hccd044a12fdb3e13};
    localparam [511:0] IV = (DIGEST_BITS == 512) ? IV_512 : IV_256;

    reg  [511:0] g_reg;                 // chaining value
    reg  [511:0] x_reg;                 // Threefish state
    reg  [511:0] m_reg;                 // block (words) for the feed-forward
    reg  [575:0] k_reg;                 // extended key k0..k8, rotated one word per step
    reg  [191:0] t_reg;                 // tweak t0..t2, rotated one word per step
    reg          first_reg;             // next message block is the first

    // rnd 0: load a UBI block (key, tweak, subkey 0); rnd 1..18: step rnd - 1.  The
    // finalisation pass is the output UBI.
    wire       init, load, fin, blk_end, fin_end;
    wire [4:0] rnd;
    hb_ctrl #(.ROUNDS(19), .FIN_PASSES(1), .RW(5)) u_ctrl (
        .clk(clk), .rst(rst), .start(start), .blk_valid(blk_valid), .last(last),
        .ready(ready), .digest_valid(digest_valid), .init(init), .load(load), .rnd(rnd),
        .fin(fin), .pass(), .blk_end(blk_end), .fin_end(fin_end), .last_q());
    wire [4:0] step = rnd - 5'd1;

    // message bytes -> little-endian 64-bit words (word i = bytes 8i..8i+7)
    function [511:0] le_words;
        input [511:0] b;                // byte k in b[511 - 8*k -: 8]
        integer i;
        begin
            for (i = 0; i < 64; i = i + 1)
                le_words[8*i +: 8] = b[511 - 8*i -: 8];
        end
    endfunction

    // Subkey from a (rotated) key and tweak: words 0..7 of k, plus t0 on
    // word 5, t1 on word 6 and the subkey number on word 7 (sec. 3.3.2).
    function [511:0] subkey;
        input [575:0] k;
        input [191:0] t;
        input [4:0]   s;
        begin
            subkey = k[511:0];
            subkey[64*5 +: 64] = k[64*5 +: 64] + t[0 +: 64];
            subkey[64*6 +: 64] = k[64*6 +: 64] + t[64 +: 64];
            subkey[64*7 +: 64] = k[64*7 +: 64] + {59'd0, s};
        end
    endfunction

    function [511:0] add64x8;
        input [511:0] a, b;
        integer i;
        begin
            for (i = 0; i < 8; i = i + 1)
                add64x8[64*i +: 64] = a[64*i +: 64] + b[64*i +: 64];
        end
    endfunction

    // ---- loading a UBI block: key = g, tweak from count/type/flags ----
    wire         out_ubi = fin;
    wire [511:0] m_load  = out_ubi ? 512'd0 : le_words(blk);
    wire [63:0]  t0_load = out_ubi ? 64'd8 : count;
    wire [63:0]  t1_load = out_ubi ? {1'b1, 1'b1, T_OUT, 56'd0}
                                   : {last, first_reg, T_MSG, 56'd0};
    wire [63:0]  k8_load = C240 ^ g_reg[0 +: 64] ^ g_reg[64 +: 64] ^ g_reg[128 +: 64]
                         ^ g_reg[192 +: 64] ^ g_reg[256 +: 64] ^ g_reg[320 +: 64]
                         ^ g_reg[384 +: 64] ^ g_reg[448 +: 64];
    wire [575:0] k_load  = {k8_load, g_reg};
    wire [191:0] t_load  = {t0_load ^ t1_load, t1_load, t0_load};

    // ---- one step: four rounds, then the next subkey ----
    // after step s the key and tweak registers are rotated by s + 1 words,
    // so the next subkey is words 0..7 of the rotated registers
    wire [575:0] k_rot = {k_reg[63:0], k_reg[575:64]};
    wire [191:0] t_rot = {t_reg[63:0], t_reg[191:64]};
    wire [511:0] r4;
    skein512_round4 u_r4 (.odd(step[0]), .x(x_reg), .y(r4));
    wire [511:0] x_next = add64x8(r4, subkey(k_rot, t_rot, rnd));

    always @(posedge clk) begin
        if (rst | init)          first_reg <= 1'b1;
        else if (load)           first_reg <= 1'b0;
        if (init)                g_reg <= IV;
        else if (blk_end | fin_end) g_reg <= x_next ^ m_reg;
        if (load | (fin & rnd == 5'd0)) begin
            x_reg <= add64x8(m_load, subkey(k_load, t_load, 5'd0));
            m_reg <= m_load;
            k_reg <= k_load;
            t_reg <= t_load;
        end else if (~ready) begin
            x_reg <= x_next;
            k_reg <= k_rot;
            t_reg <= t_rot;
        end
    end

    // the digest: the first DIGEST_BITS / 8 bytes of the output UBI, words little-endian
    genvar i;
    generate
        for (i = 0; i < DIGEST_BITS / 8; i = i + 1) begin : dg
            assign digest[DIGEST_BITS - 1 - 8*i -: 8] = g_reg[8*i +: 8];
        end
    endgenerate
endmodule
`default_nettype wire
