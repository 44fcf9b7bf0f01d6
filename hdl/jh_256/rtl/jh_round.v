// One round R_d of JH (H. Wu, "The Hash Function JH", 2011, sec. 4) on 2^D
// 4-bit elements, combinational: S-box S0 or S1 per element (picked by one
// round-constant bit), the linear transformation L on element pairs, then
// the permutation P_d = phi_d o P'_d o pi_d.  D = 8 is the state round R8;
// D = 6 with all-zero constant bits is R6, which generates the round
// constants.  Element k is x[W-1 - 4*k -: 4], its most significant bit first;
// its constant bit is cbit[N-1 - k].
`default_nettype none
module jh_round #(
    parameter D = 8
) (
    input  wire [4*(1<<D)-1:0] x,
    input  wire [(1<<D)-1:0]   cbit,
    output wire [4*(1<<D)-1:0] y
);
    localparam integer N = 1 << D;
    localparam integer W = 4 * N;

    // S0 and S1 (sec. 4.1), transcribed from the specification
    function [3:0] sbox;
        input       sel;
        input [3:0] v;
        begin
            case ({sel, v})
                5'h00: sbox = 4'd9;  5'h01: sbox = 4'd0;  5'h02: sbox = 4'd4;  5'h03: sbox = 4'd11;
                5'h04: sbox = 4'd13; 5'h05: sbox = 4'd12; 5'h06: sbox = 4'd3;  5'h07: sbox = 4'd15;
                5'h08: sbox = 4'd1;  5'h09: sbox = 4'd10; 5'h0a: sbox = 4'd2;  5'h0b: sbox = 4'd6;
                5'h0c: sbox = 4'd7;  5'h0d: sbox = 4'd5;  5'h0e: sbox = 4'd8;  5'h0f: sbox = 4'd14;
                5'h10: sbox = 4'd3;  5'h11: sbox = 4'd12; 5'h12: sbox = 4'd6;  5'h13: sbox = 4'd13;
                5'h14: sbox = 4'd5;  5'h15: sbox = 4'd7;  5'h16: sbox = 4'd1;  5'h17: sbox = 4'd9;
                5'h18: sbox = 4'd15; 5'h19: sbox = 4'd2;  5'h1a: sbox = 4'd0;  5'h1b: sbox = 4'd4;
                5'h1c: sbox = 4'd11; 5'h1d: sbox = 4'd10; 5'h1e: sbox = 4'd14; default: sbox = 4'd8;
            endcase
        end
    endfunction

    // multiplication by 2 in GF(2^4) modulo x^4 + x + 1 (sec. 4.2)
    function [3:0] x2;
        input [3:0] v;
        x2 = {v[2], v[1], v[0] ^ v[3], v[3]};
    endfunction

    // source of output element i in P_d: phi swaps neighbours in the upper
    // half, P' puts even elements in the lower and odd ones in the upper
    // half, pi swaps elements 4i+2 and 4i+3 (sec. 4.3)
    function integer src;
        input integer i;
        integer k, m;
        begin
            k = (i < N/2) ? i : (i ^ 1);
            m = (k < N/2) ? 2*k : 2*(k - N/2) + 1;
            src = (m % 4 == 2) ? m + 1 : ((m % 4 == 3) ? m - 1 : m);
        end
    endfunction

    wire [3:0] v [0:N-1];               // after the S-boxes
    wire [3:0] w [0:N-1];               // after L
    wire [3:0] dd [0:N/2-1];            // the D half of each L output pair
    genvar k;
    generate
        for (k = 0; k < N; k = k + 1) begin : el
            assign v[k] = sbox(cbit[N-1 - k], x[W-1 - 4*k -: 4]);
        end
        for (k = 0; k < N; k = k + 2) begin : lin
            // (C, D) = L(A, B): D = B ^ 2A, C = A ^ 2D
            assign dd[k/2] = v[k+1] ^ x2(v[k]);
            assign w[k+1]  = dd[k/2];
            assign w[k]    = v[k] ^ x2(dd[k/2]);
        end
        for (k = 0; k < N; k = k + 1) begin : perm
            localparam integer S = src(k);
            assign y[W-1 - 4*k -: 4] = w[S];
        end
    endgenerate
endmodule
`default_nettype wire
