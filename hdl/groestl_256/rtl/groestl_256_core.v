// Groestl-256 (final, tweaked version; specification v2.0.1), basic iterative
// architecture: P and Q side by side, one round of each per clock (64 + 64
// S-boxes), 10 clocks per 512-bit block, then the output transformation
// Omega(h) = trunc256(P(h) xor h) on the same P unit in 10 more clocks.
// Interface: hdl/README.md.  Padding is done by the host (padding module
// `groestl`); `count` is not used.
`default_nettype none
module groestl_256_core (
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
    localparam [1:0] S_IDLE = 2'd0, S_BLK = 2'd1, S_FIN = 2'd2;
    // IV (sec. 3.5): the output length 256 as a 64-bit big-endian integer in
    // the last 8 bytes of the state, i.e. byte 62 = 0x01, every other byte 0.
    localparam [511:0] IV = 512'h0100;

    reg  [1:0]   state_reg;
    reg  [3:0]   rnd_reg;
    reg  [511:0] h_reg;                 // chaining value
    reg  [511:0] p_reg;                 // P state (then P(h) during Omega)
    reg  [511:0] q_reg;                 // Q state
    reg          last_reg;
    reg          dv_reg;

    // the first round of a block is taken straight from the inputs, so a
    // block costs 10 clocks: f(h, m) = P(h ^ m) ^ Q(m) ^ h (sec. 3.1)
    wire         first = (state_reg == S_IDLE);
    wire [3:0]   rnd   = first ? 4'd0 : rnd_reg;
    wire [511:0] p_out, q_out;
    groestl_round #(.IS_Q(0)) u_p (.x(first ? (h_reg ^ blk) : p_reg), .rnd(rnd), .y(p_out));
    groestl_round #(.IS_Q(1)) u_q (.x(first ? blk : q_reg), .rnd(rnd), .y(q_out));
    wire [511:0] h_new = h_reg ^ p_out ^ q_out;

    always @(posedge clk) begin
        if (rst) begin
            state_reg <= S_IDLE;
            rnd_reg   <= 4'd0;
            h_reg     <= IV;
            p_reg     <= 512'd0;
            q_reg     <= 512'd0;
            last_reg  <= 1'b0;
            dv_reg    <= 1'b0;
        end else begin
            case (state_reg)
                S_IDLE: begin
                    if (start) begin
                        h_reg  <= IV;
                        dv_reg <= 1'b0;
                    end else if (blk_valid) begin
                        p_reg     <= p_out;
                        q_reg     <= q_out;
                        rnd_reg   <= 4'd1;
                        last_reg  <= last;
                        dv_reg    <= 1'b0;
                        state_reg <= S_BLK;
                    end
                end
                S_BLK: begin
                    p_reg   <= p_out;
                    q_reg   <= q_out;
                    rnd_reg <= rnd_reg + 4'd1;
                    if (rnd_reg == 4'd9) begin
                        h_reg <= h_new;
                        if (last_reg) begin
                            p_reg     <= h_new;     // Omega starts from P(h)
                            rnd_reg   <= 4'd0;
                            state_reg <= S_FIN;
                        end else begin
                            state_reg <= S_IDLE;
                        end
                    end
                end
                S_FIN: begin
                    p_reg   <= p_out;
                    rnd_reg <= rnd_reg + 4'd1;
                    if (rnd_reg == 4'd9) begin
                        dv_reg    <= 1'b1;
                        state_reg <= S_IDLE;
                    end
                end
                default: state_reg <= S_IDLE;
            endcase
        end
    end

    assign ready        = (state_reg == S_IDLE);
    // Omega: the last 256 bits of P(h) ^ h, i.e. state bytes 32..63
    assign digest       = p_reg[255:0] ^ h_reg[255:0];
    assign digest_valid = dv_reg;
endmodule
`default_nettype wire
