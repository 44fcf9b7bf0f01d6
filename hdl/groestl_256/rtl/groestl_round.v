// One round of the Groestl permutation P or Q (final, tweaked version; Groestl
// specification v2.0.1, sec. 3.2-3.4): AddRoundConstant, SubBytes, ShiftBytes,
// MixBytes, purely combinational.  COLS = 8: P512/Q512 (Groestl-224/256),
// COLS = 16: P1024/Q1024 (Groestl-384/512).
//
// State layout: the 8 x COLS byte matrix is filled column by column from the
// message bytes (sec. 3.1), and the vector keeps message byte order, so byte
// k = 8*col + row sits at x[N-1 - 8*k -: 8], N = 64 * COLS.
// One procedural block (loops unroll at synthesis): iverilog evaluates it once
// per change of x, where per-byte continuous assignments into wide nets
// re-evaluated every reader once per byte.
`default_nettype none
module groestl_round #(
    parameter IS_Q = 0,                 // 0: permutation P, 1: permutation Q
    parameter COLS = 8
) (
    input  wire [64*COLS-1:0] x,
    input  wire [3:0]         rnd,      // round number 0..9 (COLS = 8) or 0..13
    output reg  [64*COLS-1:0] y
);
    localparam N = 64 * COLS;
`include "aes_sbox.vh"

    // x2 in GF(2^8) modulo x^8+x^4+x^3+x+1 (sec. 3.4)
    function [7:0] xt;
        input [7:0] v;
        xt = {v[6:0], 1'b0} ^ (v[7] ? 8'h1b : 8'h00);
    endfunction

    // ShiftBytes (sec. 3.3): row r of column c comes from column c + sigma(r);
    // P512: sigma = 0..7, Q512: 1,3,5,7,0,2,4,6; the 1024-bit permutations
    // shift the last row (P) or row 3 (Q) by 11 instead.
    function integer sigma;
        input integer r;
        begin
            sigma = (IS_Q == 0) ? r : ((r < 4) ? 2*r + 1 : 2*r - 8);
            if (COLS == 16 && ((IS_Q == 0 && r == 7) || (IS_Q != 0 && r == 3)))
                sigma = 11;
        end
    endfunction

    reg [N-1:0] a, s, m;               // m: the result, written to y once at the end
    reg [7:0]   v, v2, v4;
    reg [63:0]  p, col;
    integer c, r;
    always @* begin
        // AddRoundConstant (sec. 3.2): P adds (j<<4) ^ i to row 0 of column j;
        // Q complements every byte and adds it to row 7.
        a = (IS_Q == 0) ? x : ~x;
        for (c = 0; c < COLS; c = c + 1)
            a[N-1 - 8*(8*c + ((IS_Q == 0) ? 0 : 7)) -: 8] =
                a[N-1 - 8*(8*c + ((IS_Q == 0) ? 0 : 7)) -: 8] ^ (c * 16) ^ rnd;
        // SubBytes and ShiftBytes
        for (c = 0; c < COLS; c = c + 1)
            for (r = 0; r < 8; r = r + 1)
                s[N-1 - 8*(8*c + r) -: 8] =
                    aes_sbox(a[N-1 - 8*(8*((c + sigma(r)) % COLS) + r) -: 8]);
        // MixBytes (sec. 3.4), B = circ(2,2,3,4,5,3,5,7): output row i is the sum over
        // r of b[(r - i) mod 8] * s[r].  p holds b[(-i) mod 8] * s[r] in byte i (byte 0
        // at the top), so p rotated right by r bytes holds row i's term in byte i.
        for (c = 0; c < COLS; c = c + 1) begin
            col = 64'd0;
            for (r = 0; r < 8; r = r + 1) begin
                v = s[N-1 - 8*(8*c + r) -: 8]; v2 = xt(v); v4 = xt(v2);
                //   b[0]    b[7]          b[6]     b[5]     b[4]     b[3]     b[2]    b[1]
                p = {v2,     v4 ^ v2 ^ v,  v4 ^ v,  v2 ^ v,  v4 ^ v,  v4,      v2 ^ v, v2};
                col = col ^ ((p >> (8*r)) | (p << (64 - 8*r)));
            end
            m[N-1 - 64*c -: 64] = col;
        end
        y = m;
    end
endmodule
`default_nettype wire
