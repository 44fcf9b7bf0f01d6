// Testbench of hdl/common/hb_io_wrap.v around any core: the same vector file as tb_core.v,
// the block and count streamed W bits at a time, the digest read back W bits at a time.
// Compile: iverilog -g2005 -s tb_io_wrap -DHB_CORE=<top> [-DTOP_PARAMS=...]
//   -Ptb_io_wrap.W=<w> -Ptb_io_wrap.BLOCK_BITS=<b> -Ptb_io_wrap.DIGEST_BITS=<d>
// Prints OK <m> / FAIL <m> ... and SUMMARY pass=<n> fail=<n> like tb_core.v.
`timescale 1ns/1ps
module tb_io_wrap;
    parameter W           = 8;
    parameter BLOCK_BITS  = 512;
    parameter DIGEST_BITS = 256;
    parameter TIMEOUT     = 100000;

    reg clk = 1'b0, rst = 1'b1, din_valid = 1'b0, dout_next = 1'b0;
    reg  [W-1:0] din = {W{1'b0}};
    reg  [1:0]   cmd = 2'd0;
    wire         ready, digest_valid;
    wire [W-1:0] dout;

    hb_io_wrap #(.W(W), .BLOCK_BITS(BLOCK_BITS), .DIGEST_BITS(DIGEST_BITS)) dut (
        .clk(clk), .rst(rst), .din(din), .din_valid(din_valid), .cmd(cmd), .ready(ready),
        .dout(dout), .dout_next(dout_next), .digest_valid(digest_valid));

    always #5 clk = ~clk;

    reg [8*1024-1:0] fname;
    integer fd, r, nmsg, nblk, m, b, i, n, pass, fail;
    reg [63:0]                f_count;
    reg [31:0]                f_last;
    reg [BLOCK_BITS+63:0]     f_data;
    reg [BLOCK_BITS-1:0]      f_blk;
    reg [DIGEST_BITS-1:0]     want, got;

    task wait_for;
        input integer which;
        begin
            n = 0;
            while (!((which == 0) ? ready : digest_valid)) begin
                @(negedge clk);
                n = n + 1;
                if (n > TIMEOUT) begin
                    $display("TIMEOUT %s %0d", (which == 0) ? "ready" : "digest_valid", m);
                    $finish;
                end
            end
        end
    endtask

    task command;
        input [1:0] c;
        begin
            cmd = c; din_valid = 1'b1;
            @(negedge clk);
            din_valid = 1'b0; cmd = 2'd0;
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
            wait_for(0);
            command(2'd1);
            r = $fscanf(fd, "%h", nblk);
            for (b = 0; b < nblk; b = b + 1) begin
                r = $fscanf(fd, "%h %h %h", f_count, f_last, f_blk);
                f_data = {f_blk, f_count};
                for (i = 0; i < (BLOCK_BITS + 64) / W; i = i + 1) begin   // may overlap the core's work
                    din = f_data[BLOCK_BITS + 63 - W * i -: W];
                    command(2'd0);
                end
                wait_for(0);
                command(f_last[0] ? 2'd3 : 2'd2);
            end
            wait_for(1);
            for (i = 0; i < DIGEST_BITS / W; i = i + 1) begin
                got[DIGEST_BITS - 1 - W * i -: W] = dout;
                dout_next = 1'b1;
                @(negedge clk);
                dout_next = 1'b0;
            end
            r = $fscanf(fd, "%h", want);
            if (got === want) begin
                $display("OK %0d", m);
                pass = pass + 1;
            end else begin
                $display("FAIL %0d got %h want %h", m, got, want);
                fail = fail + 1;
            end
        end
        $display("SUMMARY pass=%0d fail=%0d", pass, fail);
        $finish;
    end
endmodule
