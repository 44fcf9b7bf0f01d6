// shavite3_core: SHAvite-3-256 (round-2 specification, C_256), no salt.  Basic iterative
// architecture: one Feistel round per clock (F^3: three AES rounds in series, each after a
// key xor), 12 clocks per block, with the message expansion computed on the fly: each clock
// makes the 12 round-key words a later round needs (three 4-word groups, an AES round each for
// the nonlinear ones, xors for the linear ones) from a 16-word window of the key sequence.
// Round 0 in the clock that takes the block; h ^= (L, R) in the last round's clock.
// Interface: hdl/README.md; padding `shavite3` (0x80, zeros, the 64-bit message length and
// the 16-bit digest length, little-endian); `count` = message bits up to this block, 0 for a
// block without message bits.
// Words are kept as their four bytes in message order (the specification's words are
// little-endian), so a block, h and an AES state need no reordering; word q of a vector of n
// words is x[32*n - 1 - 32*q -: 32].
`default_nettype none
module shavite3_core #(
    parameter BLOCK_BITS  = 512,        // fixed
    parameter DIGEST_BITS = 256         // fixed
) (
`include "hb_core_ports.vh"
);
`include "aes_round.vh"
    // IV (spec sec. 4.1: C(0, 256, 0)), as bytes
    localparam [255:0] IV = 256'h473ebb490d867426ac92b3a8e6c41a02cf839240865d0e62cb9d926d8b2acc96;

    reg [255:0] h_reg;                  // chaining value
    reg [255:0] p_reg;                  // (L, R)
    reg [511:0] k_reg;                  // rk[12 r .. 12 r + 15] for the coming round r
    reg [63:0]  c_reg;                  // the counter of this block

    wire       init, load, blk_end;
    wire [3:0] rnd;
    hb_ctrl #(.ROUNDS(12), .RW(4)) u_ctrl (
        .clk(clk), .rst(rst), .start(start), .blk_valid(blk_valid), .last(last),
        .ready(ready), .digest_valid(digest_valid), .init(init), .load(load), .rnd(rnd),
        .fin(), .pass(), .blk_end(blk_end), .fin_end(), .last_q());

    function [31:0] bswap;
        input [31:0] x;
        bswap = {x[7:0], x[15:8], x[23:16], x[31:24]};
    endfunction

    // the key sequence: seq[0..15] = rk[12 r ..], seq[16..27] made here
    reg [31:0]  seq [0:27];
    reg [127:0] y;
    reg [31:0]  c0, c1;
    reg [511:0] kw;
    reg [255:0] p, pn;
    reg [127:0] a, f;
    integer i, g, ai;
    always @* begin
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

    reg [511:0] k_next;
    always @* for (i = 0; i < 16; i = i + 1) k_next[511 - 32*i -: 32] = seq[12 + i];

    always @(posedge clk) begin
        if (init)               h_reg <= IV;
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
