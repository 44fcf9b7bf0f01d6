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
    output wire [511:0] y
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

    wire [511:0] v0 = x;                // state before round 0
    genvar d, j;
    generate
        for (d = 0; d < 4; d = d + 1) begin : rnd
            wire [511:0] vi;            // state before round d
            wire [511:0] vo;            // state after round d
            wire [511:0] f;             // after the MIXes, before pi
            if (d == 0) begin : in0
                assign vi = v0;
            end else begin : inN
                assign vi = rnd[d-1].vo;
            end
            for (j = 0; j < 4; j = j + 1) begin : mix
                localparam [5:0] RE = rc(d, j);
                localparam [5:0] RO = rc(d + 4, j);
                wire [63:0] x0 = vi[128*j +: 64];
                wire [63:0] x1 = vi[128*j + 64 +: 64];
                wire [63:0] y0 = x0 + x1;
                wire [63:0] re = (x1 << RE) | (x1 >> (64 - RE));
                wire [63:0] ro = (x1 << RO) | (x1 >> (64 - RO));
                assign f[128*j +: 64]      = y0;
                assign f[128*j + 64 +: 64] = (odd ? ro : re) ^ y0;
            end
            // pi: new word i = old word pi(i)
            assign vo = {f[64*3 +: 64], f[64*0 +: 64], f[64*5 +: 64], f[64*6 +: 64],
                               f[64*7 +: 64], f[64*4 +: 64], f[64*1 +: 64], f[64*2 +: 64]};
        end
    endgenerate
    assign y = rnd[3].vo;
endmodule
`default_nettype wire
