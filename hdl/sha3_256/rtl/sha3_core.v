// sha3_core: Keccak-f[1600] sponge for the fixed-output SHA-3 hashes (FIPS 202), basic
// iterative architecture: one round per clock, 24 clocks per absorbed block.
// Interface: hdl/README.md.  Padding (pad10*1 with the domain byte) is done by the host
// (python/hashbench/hw/padding/sha3.py), so the same core also computes original Keccak.
//
// BLOCK_BITS is the rate (1088 for SHA3-256, 576 for SHA3-512); DIGEST_BITS must be
// at most BLOCK_BITS (one squeeze, true for SHA3-224/256/384/512).
// The XOR of the block into the rate and round 0 happen in the clock that takes blk_valid,
// so a block costs 24 clocks from blk_valid until ready again; start clears the state in
// one clock without dropping ready.
`default_nettype none
module sha3_core #(
    parameter BLOCK_BITS  = 1088,     // the rate
    parameter DIGEST_BITS = 256
) (
`include "hb_core_ports.vh"
);
    localparam BLOCK_BYTES = BLOCK_BITS / 8;

    // registers (x_reg / x_new / x_we triples); control: ../../common/hb_ctrl.v
    reg [1599:0] st_reg;   reg [1599:0] st_new;   reg st_we;
    wire       init, load;
    wire [4:0] rnd_idx;
    hb_ctrl #(.ROUNDS(24), .RW(5)) u_ctrl (
        .clk(clk), .rst(rst), .start(start), .blk_valid(blk_valid), .last(last),
        .ready(ready), .digest_valid(digest_valid), .init(init), .load(load),
        .rnd(rnd_idx), .fin(), .pass(), .blk_end(), .fin_end(), .last_q());

    // Message bytes to lanes: byte j of the block is byte j of the state, and lane i holds
    // bytes 8i..8i+7 little-endian (FIPS 202 sec. 3.1.2 with B.1's byte/bit order).
    wire [BLOCK_BITS-1:0] blk_le;
    genvar j;
    generate
        for (j = 0; j < BLOCK_BYTES; j = j + 1) begin : g_in
            assign blk_le[8*j +: 8] = blk[BLOCK_BITS-1-8*j -: 8];
        end
        for (j = 0; j < DIGEST_BITS / 8; j = j + 1) begin : g_out
            assign digest[DIGEST_BITS-1-8*j -: 8] = st_reg[8*j +: 8];
        end
    endgenerate

    // The round unit takes either the running state or, in the clock of blk_valid, the
    // state with the block absorbed and round index 0.
    wire [1599:0] rnd_in  = load ? st_reg ^ {{(1600-BLOCK_BITS){1'b0}}, blk_le} : st_reg;
    wire [1599:0] rnd_out;
    reg  [63:0]   rc;

    // iota round constants, derived by ../keccak_consts.py from FIPS 202 Algorithm 5
    always @* begin
        case (rnd_idx)
            5'd0:  rc = 64'h0000000000000001;
            5'd1:  rc = 64'h0000000000008082;
            5'd2:  rc = 64'h800000000000808a;
            5'd3:  rc = 64'h8000000080008000;
            5'd4:  rc = 64'h000000000000808b;
            5'd5:  rc = 64'h0000000080000001;
            5'd6:  rc = 64'h8000000080008081;
            5'd7:  rc = 64'h8000000000008009;
            5'd8:  rc = 64'h000000000000008a;
            5'd9:  rc = 64'h0000000000000088;
            5'd10: rc = 64'h0000000080008009;
            5'd11: rc = 64'h000000008000000a;
            5'd12: rc = 64'h000000008000808b;
            5'd13: rc = 64'h800000000000008b;
            5'd14: rc = 64'h8000000000008089;
            5'd15: rc = 64'h8000000000008003;
            5'd16: rc = 64'h8000000000008002;
            5'd17: rc = 64'h8000000000000080;
            5'd18: rc = 64'h000000000000800a;
            5'd19: rc = 64'h800000008000000a;
            5'd20: rc = 64'h8000000080008081;
            5'd21: rc = 64'h8000000000008080;
            5'd22: rc = 64'h0000000080000001;
            5'd23: rc = 64'h8000000080008008;
            default: rc = 64'h0;
        endcase
    end

    keccak_round u_round (.a(rnd_in), .rc(rc), .y(rnd_out));

    always @* begin
        st_new = init ? 1600'b0 : rnd_out;
        st_we  = init | load | ~ready;
    end

    always @(posedge clk)
        if (st_we) st_reg <= st_new;
endmodule

// One Keccak-f[1600] round (theta, rho, pi, chi, iota), combinational.  Lane (x, y) is
// a[64*(x+5y) +: 64].  Written as one procedural block (loops unroll at synthesis) rather
// than 100 continuous assignments into slices of wide nets: iverilog re-evaluates every
// reader of a wide net on each slice update, which made the simulation ~100x slower.
module keccak_round (
    input  wire [1599:0] a,
    input  wire [63:0]   rc,
    output reg  [1599:0] y
);
    // rho offsets for lanes 24..0, derived by ../keccak_consts.py (FIPS 202 Algorithm 2)
    localparam [25*6-1:0] RHO = {6'd14, 6'd56, 6'd61, 6'd2,  6'd18,
                                 6'd8,  6'd21, 6'd15, 6'd45, 6'd41,
                                 6'd39, 6'd25, 6'd43, 6'd10, 6'd3,
                                 6'd20, 6'd55, 6'd6,  6'd44, 6'd36,
                                 6'd27, 6'd28, 6'd62, 6'd1,  6'd0};
    reg [319:0]  c, d;
    reg [1599:0] b;
    reg [63:0]   t;
    integer i;
    always @* begin
        for (i = 0; i < 5; i = i + 1)                        // theta: column parities
            c[64*i +: 64] = a[64*i +: 64] ^ a[64*(i+5) +: 64] ^ a[64*(i+10) +: 64]
                          ^ a[64*(i+15) +: 64] ^ a[64*(i+20) +: 64];
        for (i = 0; i < 5; i = i + 1)
            d[64*i +: 64] = c[64*((i+4)%5) +: 64]
                          ^ {c[64*((i+1)%5) +: 63], c[64*((i+1)%5) + 63]};
        // theta, then rho (rotate lane (x,y) left) and pi (move it to (y, 2x+3y))
        for (i = 0; i < 25; i = i + 1) begin
            t = a[64*i +: 64] ^ d[64*(i%5) +: 64];
            b[64*((i/5) + 5*((2*(i%5) + 3*(i/5)) % 5)) +: 64] =
                (t << RHO[6*i +: 6]) | (t >> (7'd64 - RHO[6*i +: 6]));
        end
        for (i = 0; i < 25; i = i + 1)                       // chi
            y[64*i +: 64] = b[64*i +: 64]
                ^ (~b[64*(5*(i/5) + (i%5+1)%5) +: 64] & b[64*(5*(i/5) + (i%5+2)%5) +: 64]);
        y[63:0] = y[63:0] ^ rc;                              // iota
    end
endmodule
`default_nettype wire
