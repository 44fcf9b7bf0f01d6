// Soft-core testbench: PicoRV32 (RV32IMC) with 4 MiB of single-cycle RAM at
// 0x8000_0000 and the emulated targets' MMIO block at 0x1000_0000
// (python/hashbench/emu/mmio.py): the cycle counter is this clock's count,
// so firmware measurements are exact cycles of the RTL.
module tb (
    input  wire        clk,
    input  wire        resetn,
    output reg         tx_valid,
    output reg  [7:0]  tx_data,
    output reg         done,
    output reg  [31:0] exit_code,
    output reg  [63:0] cycles
);
    localparam RAM_WORDS = 1 << 20;
    reg [31:0] ram [0:RAM_WORDS-1];

    wire        mem_valid, mem_instr;
    reg         mem_ready;
    wire [31:0] mem_addr, mem_wdata;
    wire [3:0]  mem_wstrb;
    reg  [31:0] mem_rdata;
    reg  [63:0] latch_c, latch_i;

    picorv32 #(
        .COMPRESSED_ISA(1), .ENABLE_MUL(1), .ENABLE_DIV(1), .BARREL_SHIFTER(1),
        .ENABLE_COUNTERS(1), .ENABLE_REGS_DUALPORT(1), .CATCH_MISALIGN(1), .CATCH_ILLINSN(1),
        .PROGADDR_RESET(32'h8000_0000), .STACKADDR(32'h8040_0000)
    ) cpu (
        .clk(clk), .resetn(resetn), .trap(),
        .mem_valid(mem_valid), .mem_instr(mem_instr), .mem_ready(mem_ready),
        .mem_addr(mem_addr), .mem_wdata(mem_wdata), .mem_wstrb(mem_wstrb), .mem_rdata(mem_rdata),
        .mem_la_read(), .mem_la_write(), .mem_la_addr(), .mem_la_wdata(), .mem_la_wstrb(),
        .pcpi_valid(), .pcpi_insn(), .pcpi_rs1(), .pcpi_rs2(),
        .pcpi_wr(1'b0), .pcpi_rd(32'b0), .pcpi_wait(1'b0), .pcpi_ready(1'b0),
        .irq(32'b0), .eoi(), .trace_valid(), .trace_data()
    );

    wire is_ram  = mem_addr[31:22] == 10'b1000_0000_00;
    wire is_mmio = mem_addr[31:12] == 20'h10000;
    wire [19:0] widx = mem_addr[21:2];

    always @(posedge clk) begin
        tx_valid  <= 0;
        mem_ready <= 0;
        if (!resetn) begin
            cycles <= 0;
            done <= 0;
        end else begin
            cycles <= cycles + 1;
            if (mem_valid && !mem_ready) begin
                mem_ready <= 1;
                mem_rdata <= 32'h0;
                if (is_ram) begin
                    mem_rdata <= ram[widx];
                    if (mem_wstrb[0]) ram[widx][ 7: 0] <= mem_wdata[ 7: 0];
                    if (mem_wstrb[1]) ram[widx][15: 8] <= mem_wdata[15: 8];
                    if (mem_wstrb[2]) ram[widx][23:16] <= mem_wdata[23:16];
                    if (mem_wstrb[3]) ram[widx][31:24] <= mem_wdata[31:24];
                end else if (is_mmio) begin
                    case (mem_addr[11:0])
                        12'h000: begin mem_rdata <= cycles[31:0]; latch_c <= cycles; end
                        12'h004: mem_rdata <= latch_c[63:32];
                        12'h008: begin mem_rdata <= cpu.count_instr[31:0]; latch_i <= cpu.count_instr; end
                        12'h00c: mem_rdata <= latch_i[63:32];
                        12'h010: if (mem_wstrb != 0) begin tx_valid <= 1; tx_data <= mem_wdata[7:0]; end
                        12'h014: if (mem_wstrb != 0) begin done <= 1; exit_code <= mem_wdata; end
                        default: ;
                    endcase
                end
            end
        end
    end
endmodule
