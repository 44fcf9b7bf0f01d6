// sha2_core: SHA-256 (W = 32) and SHA-512 (W = 64), FIPS 180-4 sec. 6.2 and 6.4, one RTL.
// Basic iterative architecture: one round per clock.  Interface: hdl/README.md; padding by
// the host (python/hashbench/hw/padding/sha2.py, length_bytes = W / 4); `count` unused.
//
// Cycles (counted from the edge that samples the command to the edge that may take the next):
//   start     1          H and the working variables a..h <= IV
//   block     ROUNDS+1   round 0 in the cycle that takes the block (the working variables
//                        already hold H), rounds 1..ROUNDS-1, then one cycle H <= H + a..h
//                        (also copied to a..h, so the next block can start its round 0 at once)
//   last block: digest_valid with ready, no extra finalisation cycle.
// Message schedule: 16-word shift register; during round t >= 1 it holds W[t-1..t+14].
`default_nettype none
module sha2_core #(
    parameter W           = 32,         // 32: SHA-256, 64: SHA-512
    parameter BLOCK_BITS  = 16 * W,     // fixed by W
    parameter DIGEST_BITS = 8 * W
) (
`include "hb_core_ports.vh"
);
    localparam ROUNDS = (W == 32) ? 64 : 80;

    // IV and K of SHA-512 (FIPS 180-4 sec. 5.3.5, 4.2.3; derived by
    // hdl/common/sha2_constants.py 64).  SHA-256's (sec. 5.3.3, 4.2.2) are the high 32 bits
    // of the same fractional parts of roots of primes, so W = 32 takes the high halves.
    localparam [511:0] IV64 = {64'h6a09e667f3bcc908, 64'hbb67ae8584caa73b,
                             64'h3c6ef372fe94f82b, 64'ha54ff53a5f1d36f1,
                             64'h510e527fade682d1, 64'h9b05688c2b3e6c1f,
                             64'h1f83d9abfb41bd6b, 64'h5be0cd19137e2179};
    function [63:0] k;
        input [6:0] t;
        begin
            case (t)
            7'd0 : k = 64'h428a2f98d728ae22;
            7'd1 : k = 64'h7137449123ef65cd;
            7'd2 : k = 64'hb5c0fbcfec4d3b2f;
            7'd3 : k = 64'he9b5dba58189dbbc;
            7'd4 : k = 64'h3956c25bf348b538;
            7'd5 : k = 64'h59f111f1b605d019;
            7'd6 : k = 64'h923f82a4af194f9b;
            7'd7 : k = 64'hab1c5ed5da6d8118;
            7'd8 : k = 64'hd807aa98a3030242;
            7'd9 : k = 64'h12835b0145706fbe;
            7'd10: k = 64'h243185be4ee4b28c;
            7'd11: k = 64'h550c7dc3d5ffb4e2;
            7'd12: k = 64'h72be5d74f27b896f;
            7'd13: k = 64'h80deb1fe3b1696b1;
            7'd14: k = 64'h9bdc06a725c71235;
            7'd15: k = 64'hc19bf174cf692694;
            7'd16: k = 64'he49b69c19ef14ad2;
            7'd17: k = 64'hefbe4786384f25e3;
            7'd18: k = 64'h0fc19dc68b8cd5b5;
            7'd19: k = 64'h240ca1cc77ac9c65;
            7'd20: k = 64'h2de92c6f592b0275;
            7'd21: k = 64'h4a7484aa6ea6e483;
            7'd22: k = 64'h5cb0a9dcbd41fbd4;
            7'd23: k = 64'h76f988da831153b5;
            7'd24: k = 64'h983e5152ee66dfab;
            7'd25: k = 64'ha831c66d2db43210;
            7'd26: k = 64'hb00327c898fb213f;
            7'd27: k = 64'hbf597fc7beef0ee4;
            7'd28: k = 64'hc6e00bf33da88fc2;
            7'd29: k = 64'hd5a79147930aa725;
            7'd30: k = 64'h06ca6351e003826f;
            7'd31: k = 64'h142929670a0e6e70;
            7'd32: k = 64'h27b70a8546d22ffc;
            7'd33: k = 64'h2e1b21385c26c926;
            7'd34: k = 64'h4d2c6dfc5ac42aed;
            7'd35: k = 64'h53380d139d95b3df;
            7'd36: k = 64'h650a73548baf63de;
            7'd37: k = 64'h766a0abb3c77b2a8;
            7'd38: k = 64'h81c2c92e47edaee6;
            7'd39: k = 64'h92722c851482353b;
            7'd40: k = 64'ha2bfe8a14cf10364;
            7'd41: k = 64'ha81a664bbc423001;
            7'd42: k = 64'hc24b8b70d0f89791;
            7'd43: k = 64'hc76c51a30654be30;
            7'd44: k = 64'hd192e819d6ef5218;
            7'd45: k = 64'hd69906245565a910;
            7'd46: k = 64'hf40e35855771202a;
            7'd47: k = 64'h106aa07032bbd1b8;
            7'd48: k = 64'h19a4c116b8d2d0c8;
            7'd49: k = 64'h1e376c085141ab53;
            7'd50: k = 64'h2748774cdf8eeb99;
            7'd51: k = 64'h34b0bcb5e19b48a8;
            7'd52: k = 64'h391c0cb3c5c95a63;
            7'd53: k = 64'h4ed8aa4ae3418acb;
            7'd54: k = 64'h5b9cca4f7763e373;
            7'd55: k = 64'h682e6ff3d6b2b8a3;
            7'd56: k = 64'h748f82ee5defb2fc;
            7'd57: k = 64'h78a5636f43172f60;
            7'd58: k = 64'h84c87814a1f0ab72;
            7'd59: k = 64'h8cc702081a6439ec;
            7'd60: k = 64'h90befffa23631e28;
            7'd61: k = 64'ha4506cebde82bde9;
            7'd62: k = 64'hbef9a3f7b2c67915;
            7'd63: k = 64'hc67178f2e372532b;
            7'd64: k = 64'hca273eceea26619c;
            7'd65: k = 64'hd186b8c721c0c207;
            7'd66: k = 64'heada7dd6cde0eb1e;
            7'd67: k = 64'hf57d4f7fee6ed178;
            7'd68: k = 64'h06f067aa72176fba;
            7'd69: k = 64'h0a637dc5a2c898a6;
            7'd70: k = 64'h113f9804bef90dae;
            7'd71: k = 64'h1b710b35131c471b;
            7'd72: k = 64'h28db77f523047d84;
            7'd73: k = 64'h32caab7b40c72493;
            7'd74: k = 64'h3c9ebe0a15c9bebc;
            7'd75: k = 64'h431d67c49c100d4c;
            7'd76: k = 64'h4cc5d4becb3e42b6;
            7'd77: k = 64'h597f299cfc657e2a;
            7'd78: k = 64'h5fcb6fab3ad6faec;
            7'd79: k = 64'h6c44198c4a475817;
            default: k = 64'h0;
            endcase
        end
    endfunction

`include "hb_rotr.vh"

    function [8*W-1:0] hi_halves;       // the high W bits of each of the eight IV words
        input [511:0] x;
        integer i;
        for (i = 0; i < 8; i = i + 1)
            hi_halves[W*i +: W] = x[64*i + 64 - W +: W];
    endfunction
    localparam [8*W-1:0] IV = hi_halves(IV64);

    // ---- registers (control: ../../common/hb_ctrl.v) --------------------------
    reg [8*W-1:0]  h_reg;   // H0..H7, H0 in the top word
    reg [8*W-1:0]  v_reg;   // a..h, a in the top word
    reg [16*W-1:0] w_reg;   // schedule, w[0] in the top word
    wire       init, load, blk_end;
    wire [6:0] t;
    hb_ctrl #(.ROUNDS(ROUNDS + 1), .RW(7)) u_ctrl (
        .clk(clk), .rst(rst), .start(start), .blk_valid(blk_valid), .last(last),
        .ready(ready), .digest_valid(digest_valid), .init(init), .load(load), .rnd(t),
        .fin(), .pass(), .blk_end(blk_end), .fin_end(), .last_q());
    assign digest = h_reg;

    // ---- datapath ------------------------------------------------------------
    `define WD(i) v_reg[8*W-1-W*(i) -: W]
    wire [W-1:0] a = `WD(0), b = `WD(1), c = `WD(2), d = `WD(3);
    wire [W-1:0] e = `WD(4), f = `WD(5), g = `WD(6), h = `WD(7);
    `undef WD
    wire [W-1:0] wt = load ? blk[16*W-1 -: W] : w_reg[15*W-1 -: W];   // W[t]: word 0 or w[1]

    wire [W-1:0] s1  = (W == 32) ? rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                                 : rotr(e, 14) ^ rotr(e, 18) ^ rotr(e, 41);
    wire [W-1:0] s0  = (W == 32) ? rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                                 : rotr(a, 28) ^ rotr(a, 34) ^ rotr(a, 39);
    wire [W-1:0] ch  = (e & f) ^ (~e & g);
    wire [W-1:0] maj = (a & b) ^ (a & c) ^ (b & c);
    reg  [63:0]  k64;               // K[t] (a reg: iverilog re-evaluates functions in assigns)
    always @* k64 = k(t);
    wire [W-1:0] kt  = k64[63 -: W];
    wire [W-1:0] t1  = h + s1 + ch + kt + wt;
    wire [W-1:0] t2  = s0 + maj;
    wire [8*W-1:0] round_out = {t1 + t2, a, b, c, d + t1, e, f, g};

    wire [W-1:0] w0 = w_reg[16*W-1 -: W], w1 = w_reg[15*W-1 -: W];
    wire [W-1:0] w9 = w_reg[7*W-1 -: W],  w14 = w_reg[2*W-1 -: W];
    wire [W-1:0] ss0 = (W == 32) ? rotr(w1, 7) ^ rotr(w1, 18) ^ (w1 >> 3)
                                 : rotr(w1, 1) ^ rotr(w1, 8) ^ (w1 >> 7);
    wire [W-1:0] ss1 = (W == 32) ? rotr(w14, 17) ^ rotr(w14, 19) ^ (w14 >> 10)
                                 : rotr(w14, 19) ^ rotr(w14, 61) ^ (w14 >> 6);
    wire [W-1:0] w16 = ss1 + w9 + ss0 + w0;

    wire [8*W-1:0] h_sum;
    genvar i;
    generate
        for (i = 0; i < 8; i = i + 1) begin : add
            assign h_sum[W*i +: W] = h_reg[W*i +: W] + v_reg[W*i +: W];
        end
    endgenerate

    // init: H, a..h <= IV; the last clock of a block (t = ROUNDS): H, a..h <= H + a..h
    always @(posedge clk) begin
        if (init | blk_end) h_reg <= init ? IV : h_sum;
        if (init | blk_end) v_reg <= init ? IV : h_sum;
        else if (~ready | load) v_reg <= round_out;
        if (load) w_reg <= blk;
        else if (~ready) w_reg <= {w_reg[15*W-1:0], w16};
    end
endmodule
`default_nettype wire
