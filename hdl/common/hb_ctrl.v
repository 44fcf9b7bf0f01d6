// The control and handshake every hashbench core shares (interface: hdl/README.md).
//
// A core is a datapath with one round unit; this module says what the datapath does in
// each clock, so the cores carry no state machine of their own:
//
//   init        start sampled while ready: load the IV (ready stays high)
//   load        blk_valid sampled while ready: take the block and compute round 0 of it
//   rnd         index of the round computed in this clock: 0 in the load clock, then
//               1 .. ROUNDS-1 while busy; in finalisation 0 .. ROUNDS-1 once per pass
//   fin, pass   in finalisation, which pass (0 .. FIN_PASSES-1)
//   blk_end     this clock computes the last round of a block (the feed-forward clock)
//   fin_end     this clock computes the last round of the finalisation
//   last_q      the block being processed is the last one (latched at load)
//
// A block therefore costs ROUNDS clocks from blk_valid to ready; after the last block
// FIN_PASSES * ROUNDS more (0: digest_valid rises with ready).  A "round" is whatever the
// datapath does in one clock; a core whose finalisation is not a whole number of
// block-rounds uses a longer ROUNDS and idles the datapath in the clocks it does not need.
`default_nettype none
module hb_ctrl #(
    parameter ROUNDS     = 10,        // clocks per block, >= 1
    parameter FIN_PASSES = 0,         // passes of ROUNDS clocks after the last block
    parameter RW         = 8,         // width of rnd: 2^RW > ROUNDS - 1
    parameter PW         = 4          // width of pass: 2^PW > FIN_PASSES - 1
) (
    input  wire          clk,
    input  wire          rst,
    input  wire          start,
    input  wire          blk_valid,
    input  wire          last,
    output wire          ready,
    output wire          digest_valid,
    output wire          init,
    output wire          load,
    output wire [RW-1:0] rnd,
    output wire          fin,
    output wire [PW-1:0] pass,
    output wire          blk_end,
    output wire          fin_end,
    output wire          last_q
);
    reg [RW-1:0] rnd_reg;   reg [RW-1:0] rnd_new;   reg rnd_we;
    reg [PW-1:0] pass_reg;  reg [PW-1:0] pass_new;  reg pass_we;
    reg          busy_reg;  reg          busy_new;  reg busy_we;
    reg          fin_reg;   reg          fin_new;   reg fin_we;
    reg          last_reg;  reg          last_new;  reg last_we;
    reg          dv_reg;    reg          dv_new;    reg dv_we;

    wire rnd_last = (rnd == ROUNDS - 1);
    assign ready        = ~busy_reg;
    assign digest_valid = dv_reg;
    assign init         = ~busy_reg & start;
    assign load         = ~busy_reg & ~start & blk_valid;
    assign rnd          = busy_reg ? rnd_reg : {RW{1'b0}};
    assign fin          = fin_reg;
    assign pass         = pass_reg;
    assign last_q       = busy_reg ? last_reg : last;
    assign blk_end      = (load | (busy_reg & ~fin_reg)) & rnd_last;
    assign fin_end      = fin_reg & rnd_last & (pass_reg == FIN_PASSES - 1);

    always @* begin
        rnd_new  = rnd + 1'b1;  rnd_we  = 1'b0;
        pass_new = {PW{1'b0}};  pass_we = 1'b0;
        busy_new = 1'b1;        busy_we = 1'b0;
        fin_new  = 1'b0;        fin_we  = 1'b0;
        last_new = last;        last_we = 1'b0;
        dv_new   = 1'b0;        dv_we   = 1'b0;
        if (init) begin
            dv_we = 1'b1;
        end else if (load | busy_reg) begin
            rnd_we = 1'b1;
            if (load) begin
                busy_we = 1'b1; last_we = 1'b1; dv_we = 1'b1; pass_we = 1'b1;
            end
            if (rnd_last) begin
                rnd_new = {RW{1'b0}};
                if (fin_reg) begin
                    pass_new = pass_reg + 1'b1; pass_we = 1'b1;
                end
                if (blk_end & last_q & (FIN_PASSES > 0)) begin
                    fin_new = 1'b1; fin_we = 1'b1;
                end else if (blk_end | fin_end) begin
                    busy_new = 1'b0; busy_we = 1'b1;
                    fin_we = 1'b1;
                    dv_new = last_q; dv_we = 1'b1;
                end
            end
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            rnd_reg <= {RW{1'b0}}; pass_reg <= {PW{1'b0}};
            busy_reg <= 1'b0; fin_reg <= 1'b0; last_reg <= 1'b0; dv_reg <= 1'b0;
        end else begin
            if (rnd_we)  rnd_reg  <= rnd_new;
            if (pass_we) pass_reg <= pass_new;
            if (busy_we) busy_reg <= busy_new;
            if (fin_we)  fin_reg  <= fin_new;
            if (last_we) last_reg <= last_new;
            if (dv_we)   dv_reg   <= dv_new;
        end
    end
endmodule
`default_nettype wire
