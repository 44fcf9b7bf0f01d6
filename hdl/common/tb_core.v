// Generic testbench for every hashbench core (the interface of hdl/README.md).
//
// Compile with iverilog -g2005 -s tb_core -DTOP=<module> [-DTOP_PARAMS=".NAME(value),..."]
//   -Ptb_core.BLOCK_BITS=<b> -Ptb_core.DIGEST_BITS=<d>; run with vvp <sim> +vectors=<file>.
// Vector file (whitespace separated hex numbers, written by python/hashbench/hw/vectors.py):
//   <number of messages>
//   per message: <number of blocks>
//                per block: <count> <last> <block>
//                <expected digest>
// Output lines (parsed by python/hashbench/hw/sim.py):
//   INIT <msg> <cycles>            start sampled -> ready
//   BLK <msg> <blk> <cycles>       blk_valid sampled -> ready (blocks before the last)
//   LAST <msg> <cycles>            last blk_valid sampled -> digest_valid
//   OK <msg> | FAIL <msg> got <hex> want <hex>
//   SUMMARY pass=<n> fail=<n>  |  TIMEOUT <what> <msg>
// A count of n means the core can take its next command n clock edges after the edge that
// sampled this one (n = 1: the very next edge).
`timescale 1ns/1ps
`ifndef TOP
`define TOP sha2_core
`endif

module tb_core;
    parameter BLOCK_BITS  = 512;
    parameter DIGEST_BITS = 256;
    parameter TIMEOUT     = 100000;   // cycles any single wait may take

    reg                    clk = 1'b0;
    reg                    rst = 1'b1;
    reg                    start = 1'b0;
    reg                    blk_valid = 1'b0;
    reg  [BLOCK_BITS-1:0]  blk = {BLOCK_BITS{1'b0}};
    reg  [63:0]            count = 64'd0;
    reg                    last = 1'b0;
    wire                   ready;
    wire [DIGEST_BITS-1:0] digest;
    wire                   digest_valid;

    `TOP
`ifdef TOP_PARAMS
        #(`TOP_PARAMS)
`endif
        dut (.clk(clk), .rst(rst), .start(start), .blk_valid(blk_valid), .blk(blk),
             .count(count), .last(last), .ready(ready), .digest(digest),
             .digest_valid(digest_valid));

    always #5 clk = ~clk;

    reg [8*1024-1:0] fname;
    integer fd, r, nmsg, nblk, m, b, n, pass, fail;
    reg [63:0]            f_count;
    reg [31:0]            f_last;
    reg [BLOCK_BITS-1:0]  f_blk;
    reg [DIGEST_BITS-1:0] want;

    // wait (sampling at falling edges) until sig is high; n counts the rising edges since the
    // edge that sampled the command
    task wait_for;
        input integer which;    // 0: ready, 1: digest_valid
        input integer msg;
        begin
            n = 1;
            while (!((which == 0) ? ready : digest_valid)) begin
                @(negedge clk);
                n = n + 1;
                if (n > TIMEOUT) begin
                    $display("TIMEOUT %s %0d", (which == 0) ? "ready" : "digest_valid", msg);
                    $finish;
                end
            end
        end
    endtask

    initial begin
        pass = 0; fail = 0;
        if (!$value$plusargs("vectors=%s", fname)) fname = "vectors.hex";
        fd = $fopen(fname, "r");
        if (fd == 0) begin
            $display("ERROR cannot open vector file %0s", fname);
            $finish;
        end
        r = $fscanf(fd, "%h", nmsg);
        repeat (3) @(negedge clk);
        rst = 1'b0;
        @(negedge clk);
        for (m = 0; m < nmsg; m = m + 1) begin
            wait_for(0, m);
            start = 1'b1;
            @(negedge clk);
            start = 1'b0;
            wait_for(0, m);
            $display("INIT %0d %0d", m, n);
            r = $fscanf(fd, "%h", nblk);
            for (b = 0; b < nblk; b = b + 1) begin
                r = $fscanf(fd, "%h %h %h", f_count, f_last, f_blk);
                if (r != 3) begin
                    $display("ERROR bad vector file at message %0d block %0d", m, b);
                    $finish;
                end
                wait_for(0, m);
                blk = f_blk; count = f_count; last = f_last[0]; blk_valid = 1'b1;
                @(negedge clk);
                blk_valid = 1'b0;
                blk = {BLOCK_BITS{1'bx}}; count = {64{1'bx}}; last = 1'bx;
                if (f_last[0]) begin
                    wait_for(1, m);
                    $display("LAST %0d %0d", m, n);
                end else begin
                    if (digest_valid) begin
                        $display("FAIL %0d digest_valid before the last block", m);
                        fail = fail + 1;
                    end
                    wait_for(0, m);
                    $display("BLK %0d %0d %0d", m, b, n);
                end
            end
            r = $fscanf(fd, "%h", want);
            if (digest === want) begin
                $display("OK %0d", m);
                pass = pass + 1;
            end else begin
                $display("FAIL %0d got %h want %h", m, digest, want);
                fail = fail + 1;
            end
        end
        $display("SUMMARY pass=%0d fail=%0d", pass, fail);
        $fclose(fd);
        $finish;
    end
endmodule
