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
    output reg  [4*(1<<D)-1:0] y
);
    localparam integer N = 1 << D;
    localparam integer W = 4 * N;

    // S0 and S1 (sec. 4.1), transcribed from the specification: entry {sel, v} of
    // the 32 4-bit entries is SB[4 * {sel, v} +: 4] (S0 in the low half)
    localparam [127:0] SB = 128'h8eab402f9175d6c3e85762a1f3cdb409;

    // One procedural block (loops unroll at synthesis): iverilog evaluates it once per
    // input change, where 3 * N element-wide continuous assignments made every reader
    // of the wide nets re-evaluate once per element.
    reg [W-1:0] w, yy;
    reg [3:0]   va, vb, d;
    integer k, kk, m;
    always @* begin
        for (k = 0; k < N; k = k + 2) begin
            va = SB[4 * {cbit[N-1 - k], x[W-1 - 4*k -: 4]} +: 4];
            vb = SB[4 * {cbit[N-2 - k], x[W-5 - 4*k -: 4]} +: 4];
            // (C, D) = L(A, B): D = B ^ 2A, C = A ^ 2D, with 2v in GF(2^4) modulo
            // x^4 + x + 1 (sec. 4.2)
            d = vb ^ {va[2], va[1], va[0] ^ va[3], va[3]};
            w[W-1 - 4*k -: 8] = {va ^ {d[2], d[1], d[0] ^ d[3], d[3]}, d};
        end
        // P_d (sec. 4.3): output element k comes from element m ^ (bit 1 of m) (pi swaps
        // elements 4i+2 and 4i+3), where P' put even elements in the lower and odd ones
        // in the upper half, and phi swapped neighbours in the upper half
        for (k = 0; k < N; k = k + 1) begin
            kk = (k < N/2) ? k : (k ^ 1);
            m = (kk < N/2) ? 2*kk : 2*(kk - N/2) + 1;
            m = m ^ ((m >> 1) & 1);
            yy[W-1 - 4*k -: 4] = w[W-1 - 4*m -: 4];
        end
        y = yy;
    end
endmodule
`default_nettype wire
