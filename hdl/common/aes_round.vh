// One AES round without the key addition (FIPS-197 sec. 5.1.1-5.1.3: SubBytes, ShiftRows,
// MixColumns), the unit of the AES-based candidates (ECHO's BIG.SubWords, SHAvite-3's round
// functions, Fugue's SMIX uses the S-box and xtime).  A function, included inside a module
// (which must not include aes_sbox.vh as well); byte j of the state (j = row + 4 * column, the
// order of FIPS-197 sec. 3.4) at s[127 - 8*j -: 8], so a state is its 16 bytes in order.
`include "aes_sbox.vh"

// multiplication by x in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 (FIPS-197 sec. 4.2.1)
function [7:0] aes_xt;
    input [7:0] v;
    aes_xt = {v[6:0], 1'b0} ^ (v[7] ? 8'h1b : 8'h00);
endfunction

function [127:0] aes_round;
    input [127:0] s;
    reg [7:0] b [0:15];
    reg [7:0] a0, a1, a2, a3;
    integer r, c;
    begin
        for (c = 0; c < 4; c = c + 1)                   // SubBytes and ShiftRows
            for (r = 0; r < 4; r = r + 1)
                b[r + 4*c] = aes_sbox(s[127 - 8*(r + 4*((c + r) % 4)) -: 8]);
        for (c = 0; c < 4; c = c + 1) begin             // MixColumns
            a0 = b[4*c]; a1 = b[4*c + 1]; a2 = b[4*c + 2]; a3 = b[4*c + 3];
            aes_round[127 - 32*c -: 32] = {
                aes_xt(a0 ^ a1) ^ a1 ^ a2 ^ a3,
                aes_xt(a1 ^ a2) ^ a2 ^ a3 ^ a0,
                aes_xt(a2 ^ a3) ^ a3 ^ a0 ^ a1,
                aes_xt(a3 ^ a0) ^ a0 ^ a1 ^ a2};
        end
    end
endfunction
