// Narrow I/O shell around any hashbench core (the interface of hdl/README.md), for FPGAs whose
// pins cannot take the core's full-width ports (iCE40, Gowin): the block and its 64-bit count
// are shifted in W bits at a time, the digest is read W bits at a time.  Used by the synthesis
// flow (python/hashbench/hw/flow.py) and checked in simulation by hdl/common/tb_io_wrap.v.
//
//   din_valid with cmd = 0: shift din into {block, count} (first word = first block byte(s));
//                 cmd = 1: start a message;  cmd = 2: process the block;  cmd = 3: ... the last
//   ready, digest_valid: the core's;  dout: digest word `index` (0 = first digest byte(s));
//   dout_next: index + 1 (start sets index 0).
// Cost over the core: BLOCK_BITS + 64 flip-flops for the input shift register (the count
// bits are the entry of the chain, so they stay even where a core ignores `count`), a W-bit
// DIGEST_BITS/W : 1 output multiplexer and its index counter.  c_in = (BLOCK_BITS + 64) / W
// cycles per block; the next block can stream in while the core works.
// Defines: HB_CORE = the core's top module, TOP_PARAMS = its parameter overrides (core.toml).
`ifndef HB_CORE
`define HB_CORE sha2_core
`endif
module hb_io_wrap #(
    parameter W           = 8,
    parameter BLOCK_BITS  = 512,
    parameter DIGEST_BITS = 256
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [W-1:0] din,
    input  wire         din_valid,
    input  wire [1:0]   cmd,
    output wire         ready,
    output wire [W-1:0] dout,
    input  wire         dout_next,
    output wire         digest_valid
);
    localparam NW = DIGEST_BITS / W;
    localparam IW = $clog2(NW) + 1;
    reg  [BLOCK_BITS+63:0] sr_reg;
    reg  [IW-1:0]          idx_reg;
    wire [DIGEST_BITS-1:0] digest;
    wire                   go = din_valid & cmd[1];

    always @(posedge clk) begin
        if (din_valid && cmd == 2'd0)
            sr_reg <= {sr_reg[BLOCK_BITS+63-W:0], din};
        if (rst || (din_valid && cmd == 2'd1))
            idx_reg <= {IW{1'b0}};
        else if (dout_next)
            idx_reg <= idx_reg + 1'b1;
    end

    `HB_CORE
`ifdef TOP_PARAMS
        #(`TOP_PARAMS)
`endif
        core (
        .clk(clk), .rst(rst), .start(din_valid && cmd == 2'd1), .blk_valid(go),
        .blk(sr_reg[BLOCK_BITS+63:64]), .count(sr_reg[63:0]), .last(cmd[0]),
        .ready(ready), .digest(digest), .digest_valid(digest_valid));

    // word idx of the digest, first digest byte(s) first
    assign dout = digest[DIGEST_BITS - 1 - W * idx_reg -: W];
endmodule
