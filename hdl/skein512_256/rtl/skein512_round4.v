// Four Threefish-512 rounds (Skein v1.3 sec. 3.3.1), combinational: per round
// four MIX functions (y0 = x0 + x1, y1 = (x1 <<< R) ^ y0) on the word pairs
// (0,1) (2,3) (4,5) (6,7), then the word permutation pi = 2 1 4 7 6 5 0 3.
// pi applied four times is the identity, so words come out in place.
// `odd` picks the rotation constants of rounds 4..7 (mod 8) instead of 0..3.
// Word i is w[64*i +: 64].
`default_nettype none
module skein512_round4 (
    input  wire         odd,
    input  wire [511:0] x,
    output reg  [511:0] y
);
    // R_{d,j}, Skein v1.3 table 4, Nw = 8; row d packs j = 0..3 as 4 x 6 bits
    function [5:0] rc;
        input integer d;                // 0..7
        input integer j;                // 0..3
        reg [23:0] row;
        begin
            case (d)
                0: row = {6'd46, 6'd36, 6'd19, 6'd37};
                1: row = {6'd33, 6'd27, 6'd14, 6'd42};
                2: row = {6'd17, 6'd49, 6'd36, 6'd39};
                3: row = {6'd44, 6'd9,  6'd54, 6'd56};
                4: row = {6'd39, 6'd30, 6'd34, 6'd24};
                5: row = {6'd13, 6'd50, 6'd10, 6'd17};
                6: row = {6'd25, 6'd29, 6'd39, 6'd43};
                default: row = {6'd8, 6'd35, 6'd56, 6'd22};
            endcase
            rc = row[23 - 6*j -: 6];
        end
    endfunction

    // One procedural block (loops unroll at synthesis): iverilog evaluates it once per
    // change of its inputs, where slice assignments into wide nets cascaded per word.
    reg [511:0] v, f;
    reg [63:0]  x0, x1, y0;
    integer d, j;
    always @* begin
        v = x;
        for (d = 0; d < 4; d = d + 1) begin
            for (j = 0; j < 4; j = j + 1) begin
                x0 = v[128*j +: 64];
                x1 = v[128*j + 64 +: 64];
                y0 = x0 + x1;
                f[128*j +: 64]      = y0;
                // both rotations by constants, then the choice (as the RTL wires them)
                f[128*j + 64 +: 64] = (odd ? (x1 << rc(d + 4, j)) | (x1 >> (64 - rc(d + 4, j)))
                                           : (x1 << rc(d, j)) | (x1 >> (64 - rc(d, j)))) ^ y0;
            end
            // pi: new word i = old word pi(i)
            v = {f[64*3 +: 64], f[64*0 +: 64], f[64*5 +: 64], f[64*6 +: 64],
                 f[64*7 +: 64], f[64*4 +: 64], f[64*1 +: 64], f[64*2 +: 64]};
        end
        y = v;
    end
endmodule
`default_nettype wire
