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
module ascon_hash_core #(
    parameter BLOCK_BITS  = 64,         // fixed
    parameter DIGEST_BITS = 256         // fixed
) (
`include "hb_core_ports.vh"
);
    // Ascon-p[12](0x0000080100cc0002 || 0^256), from ../ascon_iv.py; S_i at [64*i +: 64]
    localparam [319:0] INIT = {64'h1a5c464906c5976d, 64'h3c7fd4a4d56a4db3,
                               64'hae65396c6b34b81a, 64'h4bc3a01e333751d2,
                               64'h9b1e5494e934d681};

    reg [319:0] s_reg;
    reg [191:0] h_reg;                  // digest words H0..H2, H0 in the low word at the end

    // a block is 12 rounds; after the last one, three more Ascon-p[12] passes squeeze
    wire       init, load, blk_end, fin, last_q;
    wire [3:0] rnd;
    wire [1:0] pass;
    hb_ctrl #(.ROUNDS(12), .FIN_PASSES(3), .RW(4), .PW(2)) u_ctrl (
        .clk(clk), .rst(rst), .start(start), .blk_valid(blk_valid), .last(last),
        .ready(ready), .digest_valid(digest_valid), .init(init), .load(load), .rnd(rnd),
        .fin(fin), .pass(pass), .blk_end(blk_end), .fin_end(), .last_q(last_q));

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

    wire [319:0] rnd_in = load ? {s_reg[319:64], s_reg[63:0] ^ blk_le} : s_reg;
    wire [319:0] rnd_out;

    ascon_round u_round (.s(rnd_in), .i(rnd), .y(rnd_out));

    // S0 after the last block's permutation is H0, after the next two passes H1 and H2
    // (shifted in from the top); after the third pass it is H3 itself.
    wire take = (blk_end & last_q) | (fin & (rnd == 4'd11) & (pass != 2'd2));
    always @(posedge clk) begin
        if (init)                s_reg <= INIT;
        else if (load | ~ready)  s_reg <= rnd_out;
        if (take)                h_reg <= {rnd_out[63:0], h_reg[191:64]};
    end
endmodule

// Round i (0..11) of Ascon-p[12], combinational (SP 800-232 sec. 3.2-3.4); S_j at [64*j +: 64].
module ascon_round (
    input  wire [319:0] s,
    input  wire [3:0]   i,
    output wire [319:0] y
);
    localparam W = 64;
`include "hb_rotr.vh"

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
