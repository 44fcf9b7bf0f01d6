// cubehash_core: CubeHash16/32-h (round-2 specification: 16 rounds per 32-byte block,
// 160 final rounds), h = DIGEST_BITS.  Basic iterative architecture: one round per clock,
// 16 clocks per block; the block is xored into x0..x7 at the round unit's input in the
// clock that takes it.  After the last block: x31 ^= 1 at the round input, then 160 rounds
// (ten finalisation passes of 16).  Interface: hdl/README.md; padding `pad10` (0x80,
// zeros to 32 bytes); `count` unused.
`default_nettype none
module cubehash_core #(
    parameter BLOCK_BITS  = 256,        // fixed (b = 32 bytes)
    parameter DIGEST_BITS = 256         // 256 or 512 (224 and 384 need their own IV)
) (
`include "hb_core_ports.vh"
);
    // The state after the 160 init rounds from x0 = h/8, x1 = 32, x2 = 16, x31 first;
    // computed by hdl/cubehash_256/cubehash_model.py h (checked against the C library).
    localparam [1023:0] IV_256 = {32'hd6032c0a, 32'h9cdaf8af, 32'h4ab6aad6, 32'h15815aeb,
        32'h85254725, 32'h774abfdd, 32'h9e4b4e60, 32'h2af2b5ae,
        32'h93cb6285, 32'h65c892fd, 32'h5fa25603, 32'h09392549,
        32'hf0b26679, 32'h6c859d41, 32'h6107fbd5, 32'hd89041c3,
        32'h40e5fbab, 32'h4680ac00, 32'h8ef8ad83, 32'h28cceca4,
        32'h3361da8c, 32'hd0720c35, 32'h42af2070, 32'hc2d0b696,
        32'hf4cc12be, 32'h7e624131, 32'he5d94e63, 32'h22512d5b,
        32'h35481eae, 32'h63117e71, 32'hccd6f29f, 32'hea2bd4b4};
    localparam [1023:0] IV_512 = {32'hd43e3b44, 32'h7795d246, 32'he7989af1, 32'h1921c8f7,
        32'hbc796576, 32'hb1c62456, 32'ha5a70e75, 32'hd65c8a2b,
        32'h0dbadea9, 32'h91fa7934, 32'h2ff5781c, 32'h6a536159,
        32'hb6444532, 32'h1b017bef, 32'h148fe485, 32'hfcd398d9,
        32'ha23911ae, 32'hd0e5cd33, 32'hf22090c4, 32'heef864d2,
        32'h825b4537, 32'h97cf0bef, 32'ha647a8b3, 32'h4d42c787,
        32'h50ac5695, 32'hcc39968e, 32'hc701cf8c, 32'h3fee2313,
        32'h4167d83e, 32'h2d538b8b, 32'h50f494d4, 32'h2aea2a61};

    reg [1023:0] x_reg;                 // x_i at [32*i +: 32]

    wire       init, load, fin;
    wire [4:0] rnd;
    wire [3:0] pass;
    hb_ctrl #(.ROUNDS(16), .FIN_PASSES(10), .RW(5), .PW(4)) u_ctrl (
        .clk(clk), .rst(rst), .start(start), .blk_valid(blk_valid), .last(last),
        .ready(ready), .digest_valid(digest_valid), .init(init), .load(load), .rnd(rnd),
        .fin(fin), .pass(pass), .blk_end(), .fin_end(), .last_q());

    // block byte k is byte k mod 4 (from the least significant) of x_(k/4)
    reg [255:0] m_le;
    reg [DIGEST_BITS-1:0] dg;
    integer k;
    always @* for (k = 0; k < 32; k = k + 1) m_le[8*k +: 8] = blk[255 - 8*k -: 8];
    always @* for (k = 0; k < DIGEST_BITS / 8; k = k + 1)
        dg[DIGEST_BITS - 1 - 8*k -: 8] = x_reg[8*k +: 8];
    assign digest = dg;

    wire [1023:0] r_in = load ? x_reg ^ {768'd0, m_le}
                       : (fin & rnd == 5'd0 & pass == 4'd0) ? x_reg ^ {32'd1, 992'd0} : x_reg;
    wire [1023:0] r_out;
    cubehash_round u_round (.x(r_in), .y(r_out));

    always @(posedge clk) begin
        if (init)               x_reg <= (DIGEST_BITS == 512) ? IV_512 : IV_256;
        else if (load | ~ready) x_reg <= r_out;
    end
endmodule

// One CubeHash round (spec sec. 2.4, ten steps) on x_0..x_31 (x_i at [32*i +: 32];
// x_abcde = x_(16a+8b+4c+2d+e)), combinational.  One procedural block: iverilog evaluates
// it once per change of x.
module cubehash_round (
    input  wire [1023:0] x,
    output reg  [1023:0] y
);
    localparam W = 32;
`include "hb_rotr.vh"
    reg [31:0] a [0:15];
    reg [31:0] b [0:15];
    reg [31:0] t [0:15];
    integer i;
    always @* begin
        for (i = 0; i < 16; i = i + 1) begin
            a[i] = x[32*i +: 32];
            b[i] = x[32*(i + 16) +: 32];
        end
        for (i = 0; i < 16; i = i + 1) b[i] = b[i] + a[i];              // 1
        for (i = 0; i < 16; i = i + 1) t[i] = rotr(a[i ^ 8], 25);      // 2, 3: rotl 7, swap i^8
        for (i = 0; i < 16; i = i + 1) a[i] = t[i] ^ b[i];             // 4
        for (i = 0; i < 16; i = i + 1) t[i] = b[i ^ 2];                // 5: swap i^2
        for (i = 0; i < 16; i = i + 1) b[i] = t[i] + a[i];             // 6
        for (i = 0; i < 16; i = i + 1) t[i] = rotr(a[i ^ 4], 21);      // 7, 8: rotl 11, swap i^4
        for (i = 0; i < 16; i = i + 1) a[i] = t[i] ^ b[i];             // 9
        for (i = 0; i < 16; i = i + 1) begin                           // 10: swap i^1
            y[32*i +: 32]        = a[i];
            y[32*(i + 16) +: 32] = b[i ^ 1];
        end
    end
endmodule
`default_nettype wire
