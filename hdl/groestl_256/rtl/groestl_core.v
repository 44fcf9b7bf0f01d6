// Groestl (final, tweaked version; specification v2.0.1), basic iterative architecture:
// P and Q side by side, one round of each per clock (2 x 8 x COLS S-boxes), ROUNDS clocks
// per block, then the output transformation Omega(h) = trunc(P(h) xor h) on the same P unit
// in ROUNDS more clocks.  COLS = 8: Groestl-256 (512-bit state, 10 rounds); COLS = 16:
// Groestl-512 (1024-bit state, 14 rounds).
// Interface: hdl/README.md.  Padding by the host (module `groestl`); `count` is not used.
`default_nettype none
module groestl_core #(
    parameter COLS        = 8,
    parameter BLOCK_BITS  = 64 * COLS,   // fixed by COLS
    parameter DIGEST_BITS = 256
) (
`include "hb_core_ports.vh"
);
    localparam N      = 64 * COLS;
    localparam ROUNDS = (COLS == 8) ? 10 : 14;
    // IV (sec. 3.5): the output length in bits as a 64-bit big-endian integer in the last
    // 8 bytes of the state, every other byte 0.
    localparam [N-1:0] IV = DIGEST_BITS;

    reg  [N-1:0] h_reg;                 // chaining value
    reg  [N-1:0] p_reg;                 // P state (then P(h) during Omega)
    reg  [N-1:0] q_reg;                 // Q state

    wire       init, load, blk_end, last_q;
    wire [3:0] rnd;
    hb_ctrl #(.ROUNDS(ROUNDS), .FIN_PASSES(1), .RW(4)) u_ctrl (
        .clk(clk), .rst(rst), .start(start), .blk_valid(blk_valid), .last(last),
        .ready(ready), .digest_valid(digest_valid), .init(init), .load(load), .rnd(rnd),
        .fin(), .pass(), .blk_end(blk_end), .fin_end(), .last_q(last_q));

    // the first round of a block is taken straight from the inputs, so a block costs
    // ROUNDS clocks: f(h, m) = P(h ^ m) ^ Q(m) ^ h (sec. 3.1)
    wire [N-1:0] p_out, q_out;
    groestl_round #(.IS_Q(0), .COLS(COLS)) u_p (.x(load ? (h_reg ^ blk) : p_reg), .rnd(rnd), .y(p_out));
    groestl_round #(.IS_Q(1), .COLS(COLS)) u_q (.x(load ? blk : q_reg), .rnd(rnd), .y(q_out));
    wire [N-1:0] h_new = h_reg ^ p_out ^ q_out;

    always @(posedge clk) begin
        if (init)         h_reg <= IV;
        else if (blk_end) h_reg <= h_new;
        // Omega starts from P(h) once the last block has written h; Q idles meanwhile
        if (load | ~ready) begin
            p_reg <= blk_end ? h_new : p_out;
            q_reg <= q_out;
        end
    end

    // Omega: the last DIGEST_BITS of P(h) ^ h
    assign digest = p_reg[DIGEST_BITS-1:0] ^ h_reg[DIGEST_BITS-1:0];
endmodule
`default_nettype wire
