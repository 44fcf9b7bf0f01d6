// JH-256 (final version, 42 rounds; H. Wu, "The Hash Function JH", 2011),
// basic iterative architecture: one round R8 per clock (256 4-bit S-boxes),
// 42 clocks per 512-bit block, the first round taken in the clock that
// samples the block.  The round constants are generated beside the state by
// R6 (64 S-boxes), starting from C0 every block (sec. 4.4).  No output
// transformation: the digest is the last 256 bits of the state.
// The state register holds the grouped form (sec. 4.5): grouping and
// degrouping are wiring, and so are the message xors of F8 (sec. 4.6).
// Interface: hdl/README.md.  Padding by the host (module `jh`); `count` unused.
`default_nettype none
module jh_256_core (
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
    // C0 = the first 256 bits of the fraction of sqrt(2) (sec. 4.4)
    localparam [255:0] C0 = 256'h6a09e667f3bcc908b2fb1366ea957d3e3adec17512775099da2f590b0667322a;
    // H(0) of JH-256 = F8(H(-1), 0) with H(-1) = 0x0100 followed by zeros
    // (sec. 5.2), in the ungrouped form; computed by hdl/jh_256/jh_model.py.
    localparam [1023:0] IV_H = {
        256'heb98a3412c20d3eb92cdbe7b9cb245c11c93519160d4c7fa260082d67e508a03,
        256'ha4239e267726b945e0fb1a48d41a9477cdb5ab26026b177a56f024420fff2fa8,
        256'h71a396897f2e4d751d144908f77de262277695f776248f9487d5b6574780296c,
        256'h5c5e272dac8e0d6c518450c657057a0f7be4d367702412ea89e3ab13d31cd769};

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
    reg  [5:0]    rnd_reg;              // round 1..41 while busy
    reg           busy_reg;
    reg           last_reg;
    reg           dv_reg;

    // the message in grouped form: M into H bits 0..511 (first half) hits bits
    // 3 and 2 of every element, M into H bits 512..1023 hits bits 1 and 0
    wire [1023:0] m_first, m_second;
    genvar k;
    generate
        for (k = 0; k < 256; k = k + 1) begin : mg
            localparam integer J = (k % 2 == 0) ? k / 2 : 128 + (k - 1) / 2;
            assign m_first[1023 - 4*k -: 4]  = {blk[511 - J], blk[511 - (J + 256)], 2'b00};
            assign m_second[1023 - 4*k -: 4] = {2'b00, m_reg[511 - J], m_reg[511 - (J + 256)]};
        end
    endgenerate

    wire          first = !busy_reg;    // the clock that samples blk runs round 0
    wire [255:0]  c_cur = first ? C0 : c_reg;
    wire [1023:0] r8_out;
    wire [255:0]  r6_out;
    jh_round #(.D(8)) u_r8 (.x(first ? (a_reg ^ m_first) : a_reg), .cbit(c_cur), .y(r8_out));
    jh_round #(.D(6)) u_r6 (.x(c_cur), .cbit(64'd0), .y(r6_out));

    always @(posedge clk) begin
        if (rst) begin
            a_reg    <= grp(IV_H);
            c_reg    <= 256'd0;
            m_reg    <= 512'd0;
            rnd_reg  <= 6'd0;
            busy_reg <= 1'b0;
            last_reg <= 1'b0;
            dv_reg   <= 1'b0;
        end else if (!busy_reg) begin
            if (start) begin
                a_reg  <= grp(IV_H);
                dv_reg <= 1'b0;
            end else if (blk_valid) begin
                a_reg    <= r8_out;
                c_reg    <= r6_out;
                m_reg    <= blk;
                rnd_reg  <= 6'd1;
                last_reg <= last;
                dv_reg   <= 1'b0;
                busy_reg <= 1'b1;
            end
        end else begin
            c_reg   <= r6_out;
            rnd_reg <= rnd_reg + 6'd1;
            if (rnd_reg == 6'd41) begin
                a_reg    <= r8_out ^ m_second;
                busy_reg <= 1'b0;
                dv_reg   <= last_reg;
            end else begin
                a_reg    <= r8_out;
            end
        end
    end

    assign ready        = !busy_reg;
    assign digest_valid = dv_reg;
    // the digest is H bits 768..1023: bit 0 (lsb) of the elements of t[0..255]
    generate
        for (k = 0; k < 256; k = k + 1) begin : dg
            localparam integer E = (k < 128) ? 2*k : 2*(k - 128) + 1;
            assign digest[255 - k] = a_reg[1023 - 4*E - 3];
        end
    endgenerate
endmodule
`default_nettype wire
