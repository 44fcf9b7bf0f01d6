// echo_core: ECHO-256 (BIG = 0) and ECHO-512 (BIG = 1), SHA-3 round 2 version, no salt.
// Basic iterative architecture: one BIG round per clock (BIG.SubWords: two AES rounds on each
// of the sixteen 128-bit words, 32 AES rounds; BIG.ShiftRows as wiring; BIG.MixColumns), 8
// (ECHO-256) or 10 (ECHO-512) clocks per block, round 0 in the clock that takes the block.
// BIG.Final folds the state before and after the rounds into the chaining value in the last
// round's clock.  Interface: hdl/README.md; padding `echo` (0x80, zeros, the digest length
// (16 bits) and the message length (128 bits), little-endian); `count` = the counter C: message
// bits up to this block, 0 for a block that holds none.
// The state is a byte string (byte 0 at the top): V then the message block; 128-bit word i is
// bytes 16i..16i+15, an AES state in FIPS-197 byte order; words are column-major (word
// 4c + r is row r of column c).
`default_nettype none
module echo_core #(
    parameter BIG         = 0,
    parameter BLOCK_BITS  = BIG ? 1024 : 1536,    // fixed by BIG
    parameter DIGEST_BITS = BIG ? 512 : 256
) (
`include "hb_core_ports.vh"
);
    localparam NV = BIG ? 8 : 4;                  // chaining value words (128 bits)
    localparam ROUNDS = BIG ? 10 : 8;
    // IV: every chaining word is the digest length in bits, a 128-bit little-endian number
    localparam [15:0] DB = DIGEST_BITS;
`include "aes_round.vh"

    reg [128*NV-1:0] v_reg;                       // chaining value V
    reg [2047:0]     s_reg;                       // the state
    reg [128*NV-1:0] f_reg;                       // fold of the state a block starts from
    reg [127:0]      k_reg;                       // counter for the next round's first word

    wire       init, load, blk_end;
    wire [3:0] rnd;
    hb_ctrl #(.ROUNDS(ROUNDS), .RW(4)) u_ctrl (
        .clk(clk), .rst(rst), .start(start), .blk_valid(blk_valid), .last(last),
        .ready(ready), .digest_valid(digest_valid), .init(init), .load(load), .rnd(rnd),
        .fin(), .pass(), .blk_end(blk_end), .fin_end(), .last_q());

    // fold(x): the xor of x's 128-bit words q, q + NV, q + 2 NV, ... into word q
    function [128*NV-1:0] fold;
        input [2047:0] x;
        integer j;
        begin
            fold = 0;
            for (j = 0; j < 16 / NV; j = j + 1)
                fold = fold ^ x[2047 - 128*NV*j -: 128*NV];
        end
    endfunction

    // one BIG round on x with counter k (word i's first AES round is keyed by k + i, as a
    // 128-bit little-endian number; the second by the salt, 0)
    reg [2047:0] x, w;
    reg [127:0]  kc, kb, t;
    reg [7:0]    a0, a1, a2, a3;
    integer i, c, r, j;
    always @* begin
        x  = load ? {v_reg, blk} : s_reg;
        kc = load ? {64'd0, count} : k_reg;
        for (i = 0; i < 16; i = i + 1) begin                    // BIG.SubWords
            t = kc + i;
            for (j = 0; j < 16; j = j + 1) kb[127 - 8*j -: 8] = t[8*j +: 8];
            w[2047 - 128*i -: 128] = aes_round(aes_round(x[2047 - 128*i -: 128]) ^ kb);
        end
        // BIG.ShiftRows (row r of column c from column c + r), then BIG.MixColumns: AES
        // MixColumns over the four words of a column, byte position by byte position
        for (c = 0; c < 4; c = c + 1)
            for (j = 0; j < 16; j = j + 1) begin
                a0 = w[2047 - 128*(4*c)                 - 8*j -: 8];
                a1 = w[2047 - 128*(4*((c + 1) % 4) + 1) - 8*j -: 8];
                a2 = w[2047 - 128*(4*((c + 2) % 4) + 2) - 8*j -: 8];
                a3 = w[2047 - 128*(4*((c + 3) % 4) + 3) - 8*j -: 8];
                x[2047 - 128*(4*c)     - 8*j -: 8] = aes_xt(a0 ^ a1) ^ a1 ^ a2 ^ a3;
                x[2047 - 128*(4*c + 1) - 8*j -: 8] = aes_xt(a1 ^ a2) ^ a2 ^ a3 ^ a0;
                x[2047 - 128*(4*c + 2) - 8*j -: 8] = aes_xt(a2 ^ a3) ^ a3 ^ a0 ^ a1;
                x[2047 - 128*(4*c + 3) - 8*j -: 8] = aes_xt(a3 ^ a0) ^ a0 ^ a1 ^ a2;
            end
    end
    wire [2047:0] s_out = x;

    always @(posedge clk) begin
        if (init)                v_reg <= {NV{DB[7:0], DB[15:8], 112'd0}};
        else if (blk_end)        v_reg <= (load ? fold({v_reg, blk}) : f_reg) ^ fold(s_out);
        if (load | ~ready)       s_reg <= s_out;
        if (load)                f_reg <= fold({v_reg, blk});
        if (load | ~ready)       k_reg <= kc + 16;
    end

    // the digest: the first DIGEST_BITS / 8 bytes of V
    assign digest = v_reg[128*NV-1 -: DIGEST_BITS];
endmodule
`default_nettype wire
