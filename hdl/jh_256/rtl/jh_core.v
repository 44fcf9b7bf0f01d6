// JH-256 and JH-512 (final version, 42 rounds; H. Wu, "The Hash Function JH", 2011),
// basic iterative architecture: one round R8 per clock (256 4-bit S-boxes),
// 42 clocks per 512-bit block, the first round taken in the clock that
// samples the block.  The round constants are generated beside the state by
// R6 (64 S-boxes), starting from C0 every block (sec. 4.4).  No output
// transformation: the digest is the last DIGEST_BITS bits of the state.
// The state register holds the grouped form (sec. 4.5): grouping and
// degrouping are wiring, and so are the message xors of F8 (sec. 4.6).
// Interface: hdl/README.md.  Padding by the host (module `jh`); `count` unused.
`default_nettype none
module jh_core #(
    parameter BLOCK_BITS  = 512,         // fixed
    parameter DIGEST_BITS = 256          // 256 or 512
) (
`include "hb_core_ports.vh"
);
    // C0 = the first 256 bits of the fraction of sqrt(2) (sec. 4.4)
    localparam [255:0] C0 = 256'h6a09e667f3bcc908b2fb1366ea957d3e3adec17512775099da2f590b0667322a;
    // H(0) of JH-n = F8(H(-1), 0) with H(-1) = n as a 16-bit big-endian number followed
    // by zeros (sec. 5.2), in the ungrouped form; computed by hdl/jh_256/jh_model.py n.
    localparam [1023:0] IV_512 = {
        256'h6fd14b963e00aa17636a2e057a15d5438a225e8d0c97ef0be9341259f2b3c361,
        256'h891da0c1536f801e2aa9056bea2b6d80588eccdb2075baa6a90f3a76baf83bf7,
        256'h0169e60541e34a6946b58a8e2e6fe65a1047a7d0c1843c243b6e71b12d5ac199,
        256'hcf57f6ec9db1f856a706887c5716b156e3c2fcdfe68517fb545a4678cc8cdd4b};
    localparam [1023:0] IV_256 = {
        256'heb98a3412c20d3eb92cdbe7b9cb245c11c93519160d4c7fa260082d67e508a03,
        256'ha4239e267726b945e0fb1a48d41a9477cdb5ab26026b177a56f024420fff2fa8,
        256'h71a396897f2e4d751d144908f77de262277695f776248f9487d5b6574780296c,
        256'h5c5e272dac8e0d6c518450c657057a0f7be4d367702412ea89e3ab13d31cd769};
    localparam [1023:0] IV_H = (DIGEST_BITS == 512) ? IV_512 : IV_256;

    // H bit j (bit 0 = msb of the first byte) is h[1023 - j].  Grouping:
    // t[j] = (H[j], H[j+256], H[j+512], H[j+768]), element 2j = t[j] and
    // element 2j+1 = t[j+128] for j < 128; element k sits at a[1023-4k -: 4].
    function [1023:0] grp;
        input [1023:0] h;
        integer k, j;
        begin
            for (k = 0; k < 256; k = k + 1) begin
                j = (k % 2 == 0) ? k / 2 : 128 + (k - 1) / 2;
                grp[1023 - 4*k -: 4] = {h[1023 - j], h[1023 - (j + 256)],
                                        h[1023 - (j + 512)], h[1023 - (j + 768)]};
            end
        end
    endfunction

    reg  [1023:0] a_reg;                // grouped state
    reg  [255:0]  c_reg;                // round constant of the current round
    reg  [511:0]  m_reg;                // block, for the xor into the second half

    wire       init, load, blk_end;
    wire [5:0] rnd;
    hb_ctrl #(.ROUNDS(42), .RW(6)) u_ctrl (
        .clk(clk), .rst(rst), .start(start), .blk_valid(blk_valid), .last(last),
        .ready(ready), .digest_valid(digest_valid), .init(init), .load(load), .rnd(rnd),
        .fin(), .pass(), .blk_end(blk_end), .fin_end(), .last_q());

    // the message in grouped form: M goes into H bits 0..511 (the first half) in the
    // clock of round 0, and into H bits 512..1023 after the last round.  Procedural
    // (one evaluation per change) rather than per-element assignments: see jh_round.v.
    reg [1023:0] m_first, m_second;
    always @* m_first  = grp({blk, 512'd0});
    always @* m_second = grp({512'd0, m_reg});

    // the clock that samples blk runs round 0
    wire [255:0]  c_cur = load ? C0 : c_reg;
    wire [1023:0] r8_out;
    wire [255:0]  r6_out;
    jh_round #(.D(8)) u_r8 (.x(load ? (a_reg ^ m_first) : a_reg), .cbit(c_cur), .y(r8_out));
    jh_round #(.D(6)) u_r6 (.x(c_cur), .cbit(64'd0), .y(r6_out));

    always @(posedge clk) begin
        if (init)
            a_reg <= grp(IV_H);
        else if (load | ~ready)
            a_reg <= blk_end ? r8_out ^ m_second : r8_out;
        if (load | ~ready) c_reg <= r6_out;
        if (load)          m_reg <= blk;
    end

    // the digest is H bits 1024-DIGEST_BITS..1023 of the degrouped state: H bit j + 256 i
    // is bit 3 - i of t[j], and t[j] is element 2j (j < 128) or 2(j - 128) + 1
    reg [DIGEST_BITS-1:0] dg;
    integer j, e;
    always @* begin
        for (j = 1024 - DIGEST_BITS; j < 1024; j = j + 1) begin
            e = ((j % 256) < 128) ? 2 * (j % 256) : 2 * (j % 256 - 128) + 1;
            dg[1023 - j] = a_reg[1023 - 4*e - j / 256];
        end
    end
    assign digest = dg;
endmodule
`default_nettype wire
