// Skein-512-256 (Skein v1.3), basic iterative architecture: Threefish-512
// with four rounds unrolled between key injections, one such step per clock.
// A UBI block takes 19 clocks: the clock that samples the block adds subkey 0,
// then 18 clocks of four rounds + the next subkey; the last one also does the
// UBI feed-forward (xor with the message).  After the block marked `last` the
// core runs the output UBI (a zero counter block, type Out) itself.
// Interface: hdl/README.md.  `count` is the UBI position in bytes (message
// bytes up to and including this block); the core sets the first flag.
`default_nettype none
module skein512_256_core (
    input  wire         clk,
    input  wire         rst,
    input  wire         start,
    input  wire         blk_valid,
    input  wire [511:0] blk,
    input  wire [63:0]  count,
    input  wire         last,
    output wire         ready,
    output wire [255:0] digest,
    output wire         digest_valid
);
    localparam [2:0] S_IDLE = 3'd0, S_RUN = 3'd1, S_OLOAD = 3'd2, S_ORUN = 3'd3;
    localparam [63:0] C240 = 64'h1BD11BDAA9FC1A22;       // v1.3 sec. 3.3.2
    localparam [5:0]  T_MSG = 6'd48, T_OUT = 6'd63;      // sec. 3.5.1
    // IV of Skein-512-256: the configuration UBI of sec. 3.5.2 (schema "SHA3",
    // version 1, output length 256, no tree) on a zero key, word 7 first.
    // Computed by hdl/skein512_256/gen_iv.py; equals spec appendix B.2.
    localparam [511:0] IV = {64'h3eedba1833edfc13, 64'hc36fbaf9393ad185,
                             64'he7a436cdc4746251, 64'hec06025e74dd7683,
                             64'h2a2767a4ae9b94db, 64'h55aea0614f816e6f,
                             64'he83590301a79a9eb, 64'hccd044a12fdb3e13};

    reg  [2:0]   state_reg;
    reg  [4:0]   step_reg;              // 0..17: four-round step
    reg  [511:0] g_reg;                 // chaining value
    reg  [511:0] x_reg;                 // Threefish state
    reg  [511:0] m_reg;                 // block (words) for the feed-forward
    reg  [575:0] k_reg;                 // extended key k0..k8, rotated one word per step
    reg  [191:0] t_reg;                 // tweak t0..t2, rotated one word per step
    reg          first_reg;             // next message block is the first
    reg          last_reg;
    reg          dv_reg;

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
    wire         out_ubi = (state_reg == S_OLOAD);
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
    skein512_round4 u_r4 (.odd(step_reg[0]), .x(x_reg), .y(r4));
    wire [511:0] x_next = add64x8(r4, subkey(k_rot, t_rot, step_reg + 5'd1));

    always @(posedge clk) begin
        if (rst) begin
            state_reg <= S_IDLE;
            step_reg  <= 5'd0;
            g_reg     <= IV;
            x_reg     <= 512'd0;
            m_reg     <= 512'd0;
            k_reg     <= 576'd0;
            t_reg     <= 192'd0;
            first_reg <= 1'b1;
            last_reg  <= 1'b0;
            dv_reg    <= 1'b0;
        end else begin
            case (state_reg)
                S_IDLE: begin
                    if (start) begin
                        g_reg     <= IV;
                        first_reg <= 1'b1;
                        dv_reg    <= 1'b0;
                    end else if (blk_valid) begin
                        x_reg     <= add64x8(m_load, subkey(k_load, t_load, 5'd0));
                        m_reg     <= m_load;
                        k_reg     <= k_load;
                        t_reg     <= t_load;
                        step_reg  <= 5'd0;
                        first_reg <= 1'b0;
                        last_reg  <= last;
                        dv_reg    <= 1'b0;
                        state_reg <= S_RUN;
                    end
                end
                S_OLOAD: begin
                    x_reg     <= add64x8(m_load, subkey(k_load, t_load, 5'd0));
                    m_reg     <= m_load;
                    k_reg     <= k_load;
                    t_reg     <= t_load;
                    step_reg  <= 5'd0;
                    state_reg <= S_ORUN;
                end
                S_RUN, S_ORUN: begin
                    x_reg    <= x_next;
                    k_reg    <= k_rot;
                    t_reg    <= t_rot;
                    step_reg <= step_reg + 5'd1;
                    if (step_reg == 5'd17) begin
                        g_reg <= x_next ^ m_reg;
                        if (state_reg == S_ORUN) begin
                            dv_reg    <= 1'b1;
                            state_reg <= S_IDLE;
                        end else if (last_reg) begin
                            state_reg <= S_OLOAD;
                        end else begin
                            state_reg <= S_IDLE;
                        end
                    end
                end
                default: state_reg <= S_IDLE;
            endcase
        end
    end

    assign ready        = (state_reg == S_IDLE);
    assign digest_valid = dv_reg;
    // the digest: the first 32 bytes of the output UBI, words 0..3 little-endian
    genvar i;
    generate
        for (i = 0; i < 32; i = i + 1) begin : dg
            assign digest[255 - 8*i -: 8] = g_reg[8*i +: 8];
        end
    endgenerate
endmodule
`default_nettype wire
