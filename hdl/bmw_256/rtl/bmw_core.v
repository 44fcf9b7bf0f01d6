// bmw_core: Blue Midnight Wish BMW-256 (W = 32) and BMW-512 (W = 64), SHA-3 round 2 with
// the tweak (final compression with CONST_final).  Iterative architecture: the compression
// has no rounds, so the clocked unit is one word of the expansion: the clock that takes the
// block computes f0 (Q_0..Q_15), 16 clocks compute Q_16..Q_31 (expand1 twice, then expand2),
// one clock computes f2 (the new H): 18 clocks per block.  After the last block one more
// compression with H = CONST_final and M = the chaining value (one finalisation pass).
// Interface: hdl/README.md; padding `sha2` with a little-endian 64-bit bit length
// (pad_args); `count` unused.
`default_nettype none
module bmw_core #(
    parameter W           = 32,
    parameter BLOCK_BITS  = 16 * W,     // fixed by W
    parameter DIGEST_BITS = 8 * W       // the last 8 words of H
) (
`include "hb_core_ports.vh"
);
    // IV (spec 1.3): the bytes 40 41 42 .. (BMW-256) or 80 81 82 .. (BMW-512) as big-endian
    // words; CONST_final (spec 2.3): aa..a0 + i.  Word i at [W*i +: W].
    localparam [511:0]  IV32 = {32'h7c7d7e7f, 32'h78797a7b, 32'h74757677, 32'h70717273,
        32'h6c6d6e6f, 32'h68696a6b, 32'h64656667, 32'h60616263,
        32'h5c5d5e5f, 32'h58595a5b, 32'h54555657, 32'h50515253,
        32'h4c4d4e4f, 32'h48494a4b, 32'h44454647, 32'h40414243};
    localparam [1023:0] IV64 = {64'hf8f9fafbfcfdfeff, 64'hf0f1f2f3f4f5f6f7, 64'he8e9eaebecedeeef, 64'he0e1e2e3e4e5e6e7,
        64'hd8d9dadbdcdddedf, 64'hd0d1d2d3d4d5d6d7, 64'hc8c9cacbcccdcecf, 64'hc0c1c2c3c4c5c6c7,
        64'hb8b9babbbcbdbebf, 64'hb0b1b2b3b4b5b6b7, 64'ha8a9aaabacadaeaf, 64'ha0a1a2a3a4a5a6a7,
        64'h98999a9b9c9d9e9f, 64'h9091929394959697, 64'h88898a8b8c8d8e8f, 64'h8081828384858687};
    localparam [16*W-1:0] IV = (W == 32) ? IV32 : IV64;
    // AddElement's K_j = j * K (spec 2.2)
    localparam [W-1:0] K = (W == 32) ? 32'h05555555 : 64'h0555555555555555;
    // f0 (spec 2.2.1): W_j = the sum of five terms +/-(M ^ H)_i; entry k of row j is i, or
    // i + 16 for a subtracted term, at [5*(5*j + k) +: 5]
    localparam [399:0] F0 = 400'h6e6d467368a8d6a3904acd8614d65043ef48a1d734c1f6daa2f72b40b773811fc5487eda4416e91103f89383ee5e0ce6aae5;

`include "hb_rotr.vh"
    function [W-1:0] rotl;
        input [W-1:0] x;
        input integer n;
        rotl = rotr(x, W - n);
    endfunction
    // s0..s5 (spec table 1.3): the rotations depend on W
    function [W-1:0] s;
        input integer i;
        input [W-1:0] x;
        case (i)
        0: s = (x >> 1) ^ (x << 3) ^ rotl(x, W == 32 ? 4 : 4)   ^ rotl(x, W == 32 ? 19 : 37);
        1: s = (x >> 1) ^ (x << 2) ^ rotl(x, W == 32 ? 8 : 13)  ^ rotl(x, W == 32 ? 23 : 43);
        2: s = (x >> 2) ^ (x << 1) ^ rotl(x, W == 32 ? 12 : 19) ^ rotl(x, W == 32 ? 25 : 53);
        3: s = (x >> 2) ^ (x << 2) ^ rotl(x, W == 32 ? 15 : 28) ^ rotl(x, W == 32 ? 29 : 59);
        4: s = (x >> 1) ^ x;
        default: s = (x >> 2) ^ x;
        endcase
    endfunction
    // r1..r7 (spec table 1.4)
    function integer rr;
        input integer k;
        case (k)
        1: rr = W == 32 ? 3 : 5;    2: rr = W == 32 ? 7 : 11;   3: rr = W == 32 ? 13 : 27;
        4: rr = W == 32 ? 16 : 32;  5: rr = W == 32 ? 19 : 37;  6: rr = W == 32 ? 23 : 43;
        default: rr = W == 32 ? 27 : 53;
        endcase
    endfunction

    reg [16*W-1:0] h_reg;               // chaining value H_i at [W*i +: W]
    reg [16*W-1:0] hc_reg;              // the compression's H, rotated one word per step
    reg [16*W-1:0] mr_reg;              // rotl(M_i, i + 1), rotated one word per step
    reg [32*W-1:0] q_reg;               // Q: a shift register, Q_31 enters at the top

    wire       init, load, fin, blk_end, fin_end;
    wire [4:0] rnd;
    hb_ctrl #(.ROUNDS(18), .FIN_PASSES(1), .RW(5)) u_ctrl (
        .clk(clk), .rst(rst), .start(start), .blk_valid(blk_valid), .last(last),
        .ready(ready), .digest_valid(digest_valid), .init(init), .load(load), .rnd(rnd),
        .fin(fin), .pass(), .blk_end(blk_end), .fin_end(fin_end), .last_q());

    // the compression's inputs in its first clock: (M, H) = (block, H) or (H, CONST_final)
    reg [16*W-1:0] m0, hc0, cf;
    integer i, k, e;
    always @* begin
        for (i = 0; i < 2 * W; i = i + 1)       // message words little-endian
            m0[8*i +: 8] = blk[16*W - 1 - 8*i -: 8];
        for (i = 0; i < 16; i = i + 1)
            cf[W*i +: W] = {(W/8){8'haa}} - 10 + i;
        if (!load) m0 = h_reg;
        hc0 = load ? h_reg : cf;
    end

    // f0: Q_j = s_(j mod 5)(W_j) + H_(j+1)
    reg [16*W-1:0] q0, mr0;
    reg [W-1:0] t [0:15];
    reg [W-1:0] acc;
    always @* begin
        for (i = 0; i < 16; i = i + 1) begin
            t[i] = m0[W*i +: W] ^ hc0[W*i +: W];
            mr0[W*i +: W] = rotl(m0[W*i +: W], i + 1);
        end
        for (i = 0; i < 16; i = i + 1) begin
            acc = 0;
            for (k = 0; k < 5; k = k + 1) begin
                e = F0[5*(5*i + k) +: 5];
                acc = (e >= 16) ? acc - t[e - 16] : acc + t[e];
            end
            q0[W*i +: W] = s(i % 5, acc) + hc0[W*((i + 1) % 16) +: W];
        end
    end

    // one expansion word Q_j, j = rnd + 15, from Q_(j-16)..Q_(j-1) = q_reg words 16..31;
    // AddElement(j) = (rotl(M_(j-16), ..) + rotl(M_(j-13), ..) - rotl(M_(j-6), ..) + K_j)
    //                 ^ H_(j-9), the rotated registers holding index j - 16 at word 0
    reg [W-1:0] qn, ae;
    always @* begin
        ae = (mr_reg[0 +: W] + mr_reg[W*3 +: W] - mr_reg[W*10 +: W] + (rnd + 5'd15) * K)
           ^ hc_reg[W*7 +: W];
        qn = ae;
        if (rnd <= 5'd2) begin                                  // expand1
            for (k = 0; k < 16; k = k + 1)
                qn = qn + s((k + 1) % 4, q_reg[W*(16 + k) +: W]);
        end else begin                                          // expand2
            for (k = 0; k < 14; k = k + 2)
                qn = qn + q_reg[W*(16 + k) +: W] + rotl(q_reg[W*(17 + k) +: W], rr(k / 2 + 1));
            qn = qn + s(4, q_reg[W*30 +: W]) + s(5, q_reg[W*31 +: W]);
        end
    end

    // f2 (spec 2.2.3): the new H from Q_0..Q_31 (q_reg words 0..31) and M
    reg [16*W-1:0] hn;
    reg [W-1:0] xl, xh, mm [0:15], q [0:31];
    always @* begin
        for (i = 0; i < 32; i = i + 1) q[i] = q_reg[W*i +: W];
        for (i = 0; i < 16; i = i + 1) mm[i] = rotr(mr_reg[W*i +: W], i + 1);
        xl = q[16] ^ q[17] ^ q[18] ^ q[19] ^ q[20] ^ q[21] ^ q[22] ^ q[23];
        xh = xl ^ q[24] ^ q[25] ^ q[26] ^ q[27] ^ q[28] ^ q[29] ^ q[30] ^ q[31];
        hn[W*0 +: W] = ((xh << 5) ^ (q[16] >> 5) ^ mm[0]) + (xl ^ q[24] ^ q[0]);
        hn[W*1 +: W] = ((xh >> 7) ^ (q[17] << 8) ^ mm[1]) + (xl ^ q[25] ^ q[1]);
        hn[W*2 +: W] = ((xh >> 5) ^ (q[18] << 5) ^ mm[2]) + (xl ^ q[26] ^ q[2]);
        hn[W*3 +: W] = ((xh >> 1) ^ (q[19] << 5) ^ mm[3]) + (xl ^ q[27] ^ q[3]);
        hn[W*4 +: W] = ((xh >> 3) ^ q[20] ^ mm[4]) + (xl ^ q[28] ^ q[4]);
        hn[W*5 +: W] = ((xh << 6) ^ (q[21] >> 6) ^ mm[5]) + (xl ^ q[29] ^ q[5]);
        hn[W*6 +: W] = ((xh >> 4) ^ (q[22] << 6) ^ mm[6]) + (xl ^ q[30] ^ q[6]);
        hn[W*7 +: W] = ((xh >> 11) ^ (q[23] << 2) ^ mm[7]) + (xl ^ q[31] ^ q[7]);
        hn[W*8 +: W]  = rotl(hn[W*4 +: W], 9)  + (xh ^ q[24] ^ mm[8])  + ((xl << 8) ^ q[23] ^ q[8]);
        hn[W*9 +: W]  = rotl(hn[W*5 +: W], 10) + (xh ^ q[25] ^ mm[9])  + ((xl >> 6) ^ q[16] ^ q[9]);
        hn[W*10 +: W] = rotl(hn[W*6 +: W], 11) + (xh ^ q[26] ^ mm[10]) + ((xl << 6) ^ q[17] ^ q[10]);
        hn[W*11 +: W] = rotl(hn[W*7 +: W], 12) + (xh ^ q[27] ^ mm[11]) + ((xl << 4) ^ q[18] ^ q[11]);
        hn[W*12 +: W] = rotl(hn[W*0 +: W], 13) + (xh ^ q[28] ^ mm[12]) + ((xl >> 3) ^ q[19] ^ q[12]);
        hn[W*13 +: W] = rotl(hn[W*1 +: W], 14) + (xh ^ q[29] ^ mm[13]) + ((xl >> 4) ^ q[20] ^ q[13]);
        hn[W*14 +: W] = rotl(hn[W*2 +: W], 15) + (xh ^ q[30] ^ mm[14]) + ((xl >> 7) ^ q[21] ^ q[14]);
        hn[W*15 +: W] = rotl(hn[W*3 +: W], 16) + (xh ^ q[31] ^ mm[15]) + ((xl >> 2) ^ q[22] ^ q[15]);
    end

    wire first = load | (fin & rnd == 5'd0);
    always @(posedge clk) begin
        if (init)
            h_reg <= IV;
        else if (blk_end | fin_end)
            h_reg <= hn;
        if (first) begin
            q_reg  <= {q0, {(16*W){1'b0}}};
            mr_reg <= mr0;
            hc_reg <= hc0;
        end else if (~ready & rnd != 5'd17) begin
            q_reg  <= {qn, q_reg[32*W-1:W]};
            mr_reg <= {mr_reg[W-1:0], mr_reg[16*W-1:W]};
            hc_reg <= {hc_reg[W-1:0], hc_reg[16*W-1:W]};
        end
    end

    // the digest: H_8..H_15 little-endian
    reg [DIGEST_BITS-1:0] dg;
    always @* for (i = 0; i < DIGEST_BITS / 8; i = i + 1)
        dg[DIGEST_BITS - 1 - 8*i -: 8] = h_reg[16*W - DIGEST_BITS + 8*i +: 8];
    assign digest = dg;
endmodule
`default_nettype wire
