// The port list every hashbench core has (hdl/README.md, "The core interface"), included
// between the parentheses of each core's module header; the core declares the parameters
// BLOCK_BITS and DIGEST_BITS.
    input  wire                   clk,
    input  wire                   rst,          // synchronous, active high
    input  wire                   start,        // begin a new message (load the IV)
    input  wire                   blk_valid,    // process blk
    input  wire [BLOCK_BITS-1:0]  blk,          // first byte in blk[BLOCK_BITS-1 -: 8]
    input  wire [63:0]            count,        // per-block counter from the padding scheme
    input  wire                   last,         // with blk_valid: the final block
    output wire                   ready,
    output wire [DIGEST_BITS-1:0] digest,       // first byte in digest[DIGEST_BITS-1 -: 8]
    output wire                   digest_valid
