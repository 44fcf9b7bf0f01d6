// shavite3_core: SHAvite-3-256 (BIG = 0, C_256) and SHAvite-3-512 (BIG = 1, C_512), round-2
// specification, no salt.  Basic iterative
// architecture: one Feistel round per clock (F^3: three AES rounds in series, each after a
// key xor), 12 clocks per block, with the message expansion computed on the fly: each clock
// makes the 12 round-key words a later round needs (three 4-word groups, an AES round each for
// the nonlinear ones, xors for the linear ones) from a 16-word window of the key sequence.
// Round 0 in the clock that takes the block; h ^= (L, R) in the last round's clock.
// C_512 (BIG = 1): one round of the 4-branch Feistel per clock (A ^= F^4(B), C ^= F^4(D), two
// F^4 side by side, then (A, B, C, D) <- (D, A, B, C)), 14 clocks per block; the window is
// the 32 key words of this round, each clock makes the next 32 (one chunk: eight groups).
// Interface: hdl/README.md; padding `shavite3` (0x80, zeros, the 64-bit message length and
// the 16-bit digest length, little-endian); `count` = message bits up to this block, 0 for a
// block without message bits.
// Words are kept as their four bytes in message order (the specification's words are
// little-endian), so a block, h and an AES state need no reordering; word q of a vector of n
// words is x[32*n - 1 - 32*q -: 32].
`default_nettype none
module shavite3_core #(
    parameter BIG         = 0,
    parameter BLOCK_BITS  = BIG ? 1024 : 512,    // fixed by BIG
    parameter DIGEST_BITS = BIG ? 512 : 256
) (
`include "hb_core_ports.vh"
);
`include "aes_round.vh"
    // IVs (spec sec. 4.1 / 5.1: C(0, n, 0)), as bytes
    localparam [511:0] IV512 = 512'hd8cdfc722747ca797b078a12ec5ad540061a90d107e30a43d15c9fb2fcfb07df3dd7458e38b51a687865e8bd477e57dddeea75e2cd9f2d50787135b99a4b2a02;
    localparam [255:0] IV256 = 256'h473ebb490d867426ac92b3a8e6c41a02cf839240865d0e62cb9d926d8b2acc96;

    localparam NH = BIG ? 16 : 8;       // chaining words
    localparam NK = BIG ? 32 : 16;      // key window words
    reg [32*NH-1:0] h_reg;              // chaining value
    reg [32*NH-1:0] p_reg;              // (L, R) or (A, B, C, D)
    reg [32*NK-1:0] k_reg;              // the key words of the coming round (and more)
    reg [63:0]      c_reg;              // the counter of this block

    wire       init, load, blk_end;
    wire [3:0] rnd;
    hb_ctrl #(.ROUNDS(BIG ? 14 : 12), .RW(4)) u_ctrl (
        .clk(clk), .rst(rst), .start(start), .blk_valid(blk_valid), .last(last),
        .ready(ready), .digest_valid(digest_valid), .init(init), .load(load), .rnd(rnd),
        .fin(), .pass(), .blk_end(blk_end), .fin_end(), .last_q());

    function [31:0] bswap;
        input [31:0] x;
        bswap = {x[7:0], x[15:8], x[23:16], x[31:24]};
    endfunction

    reg [32*NH-1:0] pn;
    reg [32*NK-1:0] k_next;
    generate if (BIG == 0) begin : c256
        // the key sequence: seq[0..15] = rk[12 r ..], seq[16..27] made here
        reg [31:0]  seq [0:27];
        reg [127:0] y;
        reg [31:0]  c0, c1;
        reg [511:0] kw;
        reg [255:0] p;
        reg [127:0] a, f;
        integer i, g, ai;
        always @* begin
            y = 128'd0;                                     // set on nonlinear groups only: no latch
            kw = load ? blk : k_reg;
            c0 = bswap(load ? count[31:0] : c_reg[31:0]);
            c1 = bswap(load ? count[63:32] : c_reg[63:32]);
            for (i = 0; i < 16; i = i + 1) seq[i] = kw[511 - 32*i -: 32];
            for (g = 4; g < 7; g = g + 1) begin
                ai = 12 * rnd + 4 * g;                      // index of the group's first word
                if ((ai / 16) % 2 == 1) begin
                    // nonlinear: an AES round (salt 0) over rk[i-16 ..] rotated by one word,
                    // xor the four words before, then the counter at four places (C_256)
                    y = aes_round({seq[4*g - 15], seq[4*g - 14], seq[4*g - 13], seq[4*g - 16]});
                    for (i = 0; i < 4; i = i + 1) seq[4*g + i] = y[127 - 32*i -: 32] ^ seq[4*g - 4 + i];
                    if (ai == 16)  begin seq[4*g]     = seq[4*g]     ^ c0; seq[4*g + 1] = seq[4*g + 1] ^ ~c1; end
                    if (ai == 56)  begin seq[4*g + 1] = seq[4*g + 1] ^ c1; seq[4*g + 2] = seq[4*g + 2] ^ ~c0; end
                    if (ai == 84)  begin seq[4*g + 2] = seq[4*g + 2] ^ c1; seq[4*g + 3] = seq[4*g + 3] ^ ~c0; end
                    if (ai == 124) begin seq[4*g]     = seq[4*g]     ^ c0; seq[4*g + 3] = seq[4*g + 3] ^ ~c1; end
                end else begin
                    // linear: rk[i] = rk[i-16] ^ rk[i-3]
                    for (i = 0; i < 4; i = i + 1) seq[4*g + i] = seq[4*g + i - 16] ^ seq[4*g + i - 3];
                end
            end
            // the Feistel round: even rounds L ^= F^3(R), odd rounds R ^= F^3(L), with the
            // round keys rk[12 r .. 12 r + 11] = seq[0..11]
            p = load ? h_reg : p_reg;
            a = rnd[0] ? p[255:128] : p[127:0];
            for (i = 0; i < 3; i = i + 1)
                a = aes_round(a ^ {seq[4*i], seq[4*i + 1], seq[4*i + 2], seq[4*i + 3]});
            pn = rnd[0] ? {p[255:128], p[127:0] ^ a} : {p[255:128] ^ a, p[127:0]};
        end

        always @* for (i = 0; i < 16; i = i + 1) k_next[511 - 32*i -: 32] = seq[12 + i];
    end else begin : c512
    // the key sequence: seq[0..31] = chunk r (this round's keys), seq[32..63] = chunk r + 1
    reg [31:0]  seq [0:63];
    reg [127:0] y;
    reg [31:0]  cw [0:3];
    reg [511:0] p;
    reg [127:0] a, f;
    integer i, g, j, ai;
    always @* begin
        // y, g, ai and j are set only on the nonlinear rounds: defaults, so
        // that the linear ones infer no latch (synth_ecp5 refuses latches)
        y = 128'd0; g = 0; ai = 0; j = 0;
        for (i = 0; i < 32; i = i + 1) seq[i] = load ? blk[1023 - 32*i -: 32] : k_reg[1023 - 32*i -: 32];
        cw[0] = bswap(load ? count[31:0] : c_reg[31:0]);
        cw[1] = bswap(load ? count[63:32] : c_reg[63:32]);
        cw[2] = 32'd0; cw[3] = 32'd0;                   // messages below 2^64 bits
        if (rnd[0] == 1'b0) begin
            // chunk r + 1 odd: nonlinear, group by group; the counter at four places (C_512)
            for (g = 8; g < 16; g = g + 1) begin
                ai = 32 * rnd + 4 * g;
                y = aes_round({seq[4*g - 31], seq[4*g - 30], seq[4*g - 29], seq[4*g - 32]});
                for (i = 0; i < 4; i = i + 1) seq[4*g + i] = y[127 - 32*i -: 32] ^ seq[4*g - 4 + i];
                for (i = 0; i < 4; i = i + 1) begin
                    j = (ai == 32) ? i : (ai == 164) ? 3 - i : (ai == 316) ? i ^ 2 : i ^ 1;
                    if (ai == 32 || ai == 164 || ai == 316 || ai == 440)
                        seq[4*g + i] = seq[4*g + i] ^ (i == 3 ? ~cw[j] : cw[j]);
                end
            end
        end else begin
            // chunk r + 1 even: linear, rk[i] = rk[i-32] ^ rk[i-7]
            for (i = 32; i < 64; i = i + 1) seq[i] = seq[i - 32] ^ seq[i - 7];
        end
        // the round: A ^= F^4(B, rk[0..15]), C ^= F^4(D, rk[16..31]), then rotate
        p = load ? h_reg : p_reg;
        a = p[383:256];
        f = p[127:0];
        for (i = 0; i < 4; i = i + 1) begin
            a = aes_round(a ^ {seq[4*i], seq[4*i + 1], seq[4*i + 2], seq[4*i + 3]});
            f = aes_round(f ^ {seq[16 + 4*i], seq[17 + 4*i], seq[18 + 4*i], seq[19 + 4*i]});
        end
        pn = {p[127:0], p[511:384] ^ a, p[383:256], p[255:128] ^ f};
        for (i = 0; i < 32; i = i + 1) k_next[1023 - 32*i -: 32] = seq[32 + i];
    end
    end endgenerate

    always @(posedge clk) begin
        if (init)               h_reg <= BIG ? IV512 : IV256;
        else if (blk_end)       h_reg <= h_reg ^ pn;
        if (load | ~ready) begin
            p_reg <= pn;
            k_reg <= k_next;
        end
        if (load)               c_reg <= count;
    end

    assign digest = h_reg;
endmodule
`default_nettype wire
