// One round of the Groestl-512 permutation P or Q (final, tweaked version;
// Groestl specification v2.0.1, sec. 3.2-3.4): AddRoundConstant, SubBytes,
// ShiftBytes, MixBytes, purely combinational.
//
// State layout: the 8x8 byte matrix is filled column by column from the
// message bytes (sec. 3.1), and the vector keeps message byte order, so byte
// k = 8*col + row sits at x[511 - 8*k -: 8].
`default_nettype none
module groestl_round #(
    parameter IS_Q = 0                  // 0: permutation P, 1: permutation Q
) (
    input  wire [511:0] x,
    input  wire [3:0]   rnd,            // round number 0..9
    output wire [511:0] y
);
    // x2 in GF(2^8) modulo x^8+x^4+x^3+x+1 (sec. 3.4)
    function [7:0] xt;
        input [7:0] v;
        xt = {v[6:0], 1'b0} ^ (v[7] ? 8'h1b : 8'h00);
    endfunction

    // Byte-wide nets (not slices of one wide vector) keep event-driven
    // simulators from re-evaluating every S-box whenever any byte changes.
    wire [7:0] xa [0:63];               // input bytes
    wire [7:0] aa [0:63];               // after AddRoundConstant
    wire [7:0] sb [0:63];               // after SubBytes and ShiftBytes
    wire [63:0] pr [0:63];              // MixBytes partial products
    genvar c, r;
    generate
        for (c = 0; c < 8; c = c + 1) begin : col
            localparam [7:0] CJ = c * 16;
            for (r = 0; r < 8; r = r + 1) begin : row
                assign xa[8*c + r] = x[511 - 8*(8*c + r) -: 8];
                // AddRoundConstant (sec. 3.2): P adds (j<<4) ^ i to row 0 of
                // column j; Q complements every byte and adds it to row 7.
                if (IS_Q == 0 && r == 0) begin : rc_p
                    assign aa[8*c + r] = xa[8*c + r] ^ CJ ^ {4'h0, rnd};
                end else if (IS_Q == 0) begin : rc_p_none
                    assign aa[8*c + r] = xa[8*c + r];
                end else if (r == 7) begin : rc_q
                    assign aa[8*c + r] = ~xa[8*c + r] ^ CJ ^ {4'h0, rnd};
                end else begin : rc_q_not
                    assign aa[8*c + r] = ~xa[8*c + r];
                end
                // ShiftBytes (sec. 3.3): row r of column c comes from column
                // c + sigma[r]; P: sigma = 0..7, Q: 1,3,5,7,0,2,4,6.
                localparam integer SIG = (IS_Q == 0) ? r : ((r < 4) ? 2*r + 1 : 2*r - 8);
                localparam integer SRC = 8*((c + SIG) % 8) + r;
                groestl_sbox u_sbox (.a(aa[SRC]), .y(sb[8*c + r]));
                // MixBytes (sec. 3.4), B = circ(2,2,3,4,5,3,5,7): row i of the
                // result is the sum over r of b[(r - i) mod 8] * s[r].
                // pr holds b[k] * s[r] for k = 0..7 (k = 0 in the top byte).
                wire [7:0] v1 = sb[8*c + r];
                wire [7:0] v2 = xt(v1);
                wire [7:0] v4 = xt(v2);
                assign pr[8*c + r] = {v2, v2, v2 ^ v1, v4, v4 ^ v1, v2 ^ v1, v4 ^ v1, v4 ^ v2 ^ v1};
            end
            for (r = 0; r < 8; r = r + 1) begin : mix   // r is the output row i here
                assign y[511 - 8*(8*c + r) -: 8] =
                    pr[8*c + 0][63 - 8*((8 - r) % 8) -: 8] ^ pr[8*c + 1][63 - 8*((9 - r) % 8) -: 8] ^
                    pr[8*c + 2][63 - 8*((10 - r) % 8) -: 8] ^ pr[8*c + 3][63 - 8*((11 - r) % 8) -: 8] ^
                    pr[8*c + 4][63 - 8*((12 - r) % 8) -: 8] ^ pr[8*c + 5][63 - 8*((13 - r) % 8) -: 8] ^
                    pr[8*c + 6][63 - 8*((14 - r) % 8) -: 8] ^ pr[8*c + 7][63 - 8*((15 - r) % 8) -: 8];
            end
        end
    endgenerate
endmodule
`default_nettype wire
