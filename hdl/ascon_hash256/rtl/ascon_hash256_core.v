// ascon_hash256_core: Ascon-Hash256 (NIST SP 800-232 sec. 5.1), basic iterative
// architecture: one round of Ascon-p per clock, 12 clocks per 64-bit block.
// Interface: hdl/README.md.  The host pads (0x01 then zeros to 8 bytes,
// python/hashbench/hw/padding/ascon.py); bytes are loaded into S0 little-endian.
// Initialisation: the state after Ascon-p[12](IV || 0^256) is a constant, precomputed by
// ../ascon_iv.py and loaded by start in one clock (no init permutation in hardware).
// The XOR of the block into S0 and round 0 happen in the clock that takes blk_valid.
// After the last block's permutation the core squeezes on its own: S0 is the first 64
// digest bits, then three more Ascon-p[12] each give the next 64 (36 clocks), and
// digest_valid rises.  ``count`` is unused.
`default_nettype none
module ascon_hash256_core (
    input  wire         clk,
    input  wire         rst,
    input  wire         start,
    input  wire         blk_valid,
    input  wire [63:0]  blk,
    input  wire [63:0]  count,
    input  wire         last,
    output wire         ready,
    output wire [255:0] digest,
    output wire         digest_valid
);
    // Ascon-p[12](0x0000080100cc0002 || 0^256), from ../ascon_iv.py; S_i at [64*i +: 64]
    localparam [319:0] INIT = {64'h1a5c464906c5976d, 64'h3c7fd4a4d56a4db3,
                               64'hae65396c6b34b81a, 64'h4bc3a01e333751d2,
                               64'h9b1e5494e934d681};

    reg [319:0] s_reg;    reg [319:0] s_new;    reg s_we;
    reg [191:0] h_reg;    reg [191:0] h_new;    reg h_we;     // digest words H0..H2
    reg [3:0]   rnd_reg;  reg [3:0]   rnd_new;  reg rnd_we;
    reg [1:0]   sq_reg;   reg [1:0]   sq_new;   reg sq_we;    // digest words taken so far
    reg         busy_reg; reg         busy_new; reg busy_we;
    reg         last_reg; reg         last_new; reg last_we;
    reg         dv_reg;   reg         dv_new;   reg dv_we;

    // byte k of the block is byte k (from the least significant) of S0
    wire [63:0]  blk_le;
    wire [255:0] h_all = {s_reg[63:0], h_reg};   // H0..H3, byte j at [8*j +: 8]
    genvar k;
    generate
        for (k = 0; k < 8; k = k + 1) begin : g_in
            assign blk_le[8*k +: 8] = blk[63-8*k -: 8];
        end
        for (k = 0; k < 32; k = k + 1) begin : g_out
            assign digest[255-8*k -: 8] = h_all[8*k +: 8];
        end
    endgenerate

    wire [319:0] rnd_in  = busy_reg ? s_reg : {s_reg[319:64], s_reg[63:0] ^ blk_le};
    wire [3:0]   rnd_idx = busy_reg ? rnd_reg : 4'd0;
    wire [319:0] rnd_out;

    ascon_round u_round (.s(rnd_in), .i(rnd_idx), .y(rnd_out));

    assign ready        = ~busy_reg;
    assign digest_valid = dv_reg;

    always @* begin
        s_new = rnd_out;           s_we = 1'b0;
        h_new = h_reg;             h_we = 1'b0;
        rnd_new = rnd_reg + 4'd1;  rnd_we = 1'b0;
        sq_new = sq_reg + 2'd1;    sq_we = 1'b0;
        busy_new = 1'b0;           busy_we = 1'b0;
        last_new = last;           last_we = 1'b0;
        dv_new = 1'b0;             dv_we = 1'b0;
        if (busy_reg) begin
            s_we = 1'b1; rnd_we = 1'b1;
            if (rnd_reg == 4'd11) begin                 // an Ascon-p[12] ends
                rnd_new = 4'd0;
                if (!last_reg) begin
                    busy_we = 1'b1;                     // absorbed a block
                end else if (sq_reg != 2'd3) begin
                    // squeeze: the new S0 is digest word sq; permute again
                    h_we = 1'b1; sq_we = 1'b1;
                    h_new[64*sq_reg +: 64] = rnd_out[63:0];
                end else begin
                    busy_we = 1'b1;                     // S0 now holds H3
                    dv_new = 1'b1; dv_we = 1'b1;
                end
            end
        end else if (start) begin
            s_new = INIT; s_we = 1'b1;
            dv_we = 1'b1;
        end else if (blk_valid) begin
            s_we = 1'b1;
            rnd_new = 4'd1; rnd_we = 1'b1;
            sq_new = 2'd0; sq_we = 1'b1;
            busy_new = 1'b1; busy_we = 1'b1;
            last_we = 1'b1;
            dv_we = 1'b1;
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            s_reg <= 320'b0; h_reg <= 192'b0; rnd_reg <= 4'd0; sq_reg <= 2'd0;
            busy_reg <= 1'b0; last_reg <= 1'b0; dv_reg <= 1'b0;
        end else begin
            if (s_we)    s_reg    <= s_new;
            if (h_we)    h_reg    <= h_new;
            if (rnd_we)  rnd_reg  <= rnd_new;
            if (sq_we)   sq_reg   <= sq_new;
            if (busy_we) busy_reg <= busy_new;
            if (last_we) last_reg <= last_new;
            if (dv_we)   dv_reg   <= dv_new;
        end
    end
endmodule

// Round i (0..11) of Ascon-p[12], combinational (SP 800-232 sec. 3.2-3.4); S_j at [64*j +: 64].
module ascon_round (
    input  wire [319:0] s,
    input  wire [3:0]   i,
    output wire [319:0] y
);
    function [63:0] rotr;
        input [63:0] x;
        input integer n;
        rotr = (x >> n) | (x << (64 - n));
    endfunction

    // constant addition: c_i = ((15 - i) << 4) | i into S2
    wire [63:0] x0 = s[63:0];
    wire [63:0] x1 = s[127:64];
    wire [63:0] x2 = s[191:128] ^ {56'b0, 4'hf - i, i};
    wire [63:0] x3 = s[255:192];
    wire [63:0] x4 = s[319:256];
    // substitution layer: the 5-bit S-box, bitsliced
    wire [63:0] a0 = x0 ^ x4;
    wire [63:0] a4 = x4 ^ x3;
    wire [63:0] a2 = x2 ^ x1;
    wire [63:0] b0 = a0 ^ (~x1 & a2);
    wire [63:0] b1 = x1 ^ (~a2 & x3);
    wire [63:0] b2 = a2 ^ (~x3 & a4);
    wire [63:0] b3 = x3 ^ (~a4 & a0);
    wire [63:0] b4 = a4 ^ (~a0 & x1);
    wire [63:0] s0 = b0 ^ b4;
    wire [63:0] s1 = b1 ^ b0;
    wire [63:0] s2 = ~b2;
    wire [63:0] s3 = b3 ^ b2;
    wire [63:0] s4 = b4;
    // linear diffusion layer
    assign y = {s4 ^ rotr(s4, 7)  ^ rotr(s4, 41),
                s3 ^ rotr(s3, 10) ^ rotr(s3, 17),
                s2 ^ rotr(s2, 1)  ^ rotr(s2, 6),
                s1 ^ rotr(s1, 61) ^ rotr(s1, 39),
                s0 ^ rotr(s0, 19) ^ rotr(s0, 28)};
endmodule
`default_nettype wire
