// luffa_core: Luffa v2 (SHA-3 round 2), W = 3 (Luffa-256) or 5 (Luffa-512) 256-bit
// sub-permutations.  Basic iterative architecture: one step of every Q_j per clock (the W
// sub-permutations side by side), 8 clocks per block; the message injection MI_W and the
// tweak are done at the step unit's input in the clock that takes the block.  After the last
// block, DIGEST_BITS / 256 blank rounds (MI of a zero block, then Q), each giving 256 output
// bits.  Interface: hdl/README.md; padding `pad10`; `count` unused.
`default_nettype none
module luffa_core #(
    parameter W           = 3,          // 3 or 5 (Luffa-384's W = 4 is not built)
    parameter BLOCK_BITS  = 256,        // fixed
    parameter DIGEST_BITS = 256         // 256 (W = 3) or 512 (W = 5)
) (
`include "hb_core_ports.vh"
);
    localparam N = 256 * W;
    // starting values V_0..V_4, V_j word i at [256*j + 32*i +: 32] (spec v2.0 appendix A)
    localparam [1279:0] IV = {
        32'h03e86cea, 32'hb07224cc, 32'h0fc688f1, 32'hf5df3999, 32'haffb4363, 32'hc825b7c7, 32'h5ec41e22, 32'h6c68e9be,
        32'h7cde72ce, 32'h14bcb808, 32'h57e9e923, 32'h35870c6a, 32'h204b1f67, 32'he571f7d7, 32'h36d79cce, 32'h858075d5,
        32'h8b264ae7, 32'h24aa230a, 32'h666d1836, 32'h0306194f, 32'had659c05, 32'h04016ce5, 32'h5dba5781, 32'hf7efc89d,
        32'h746cd581, 32'hcf1ccf0e, 32'h8fc944b3, 32'h5d9b0557, 32'hde099fa3, 32'h70eee9a0, 32'hd9d2f256, 32'hc3b44b95,
        32'hdef610bb, 32'hee058139, 32'h90152df4, 32'h6e292011, 32'hdbf78465, 32'h4eaa6fb4, 32'h44b051e0, 32'h6d251e69};

    reg [N-1:0]   v_reg;                // V_j word i at [256*j + 32*i +: 32]
    reg [255:0]   z_reg;                // the first 256 output bits (Luffa-512)

    wire       init, load, fin;
    wire [2:0] rnd;
    wire [1:0] pass;
    hb_ctrl #(.ROUNDS(8), .FIN_PASSES(DIGEST_BITS / 256), .RW(3), .PW(2)) u_ctrl (
        .clk(clk), .rst(rst), .start(start), .blk_valid(blk_valid), .last(last),
        .ready(ready), .digest_valid(digest_valid), .init(init), .load(load), .rnd(rnd),
        .fin(fin), .pass(pass), .blk_end(), .fin_end(), .last_q());

    // the step unit's input: in the first clock of a block or blank round MI_W and the tweak
    wire          mi = load | (fin & rnd == 3'd0);
    wire [255:0]  m = load ? blk : 256'd0;      // words big-endian, word 0 first
    reg  [N-1:0]  q_in;
    wire [N-1:0]  q_out;
    reg  [255:0]  z;                            // V_0 ^ .. ^ V_(W-1), the output
    always @* begin
        q_in = mi ? luffa_mi(v_reg, m) : v_reg;
    end
    luffa_step #(.W(W)) u_step (.x(q_in), .tweak(mi), .r(rnd), .y(q_out));

    always @(posedge clk) begin
        if (init)               v_reg <= IV[N-1:0];
        else if (load | ~ready) v_reg <= q_out;
    end

    // output words big-endian: digest word i = z_i
    integer i, j;
    always @* begin
        z = 256'd0;
        for (j = 0; j < W; j = j + 1) z = z ^ v_reg[256*j +: 256];
    end
    // Luffa-512: the first blank round's output is kept while the second one runs (taken
    // in the second one's first clock, when V holds the first one's result)
    always @(posedge clk)
        if (fin & rnd == 3'd0 & pass == 2'd1) z_reg <= z;
    reg [DIGEST_BITS-1:0] dg;
    always @* begin
        for (i = 0; i < 8; i = i + 1) begin
            if (DIGEST_BITS == 512) begin
                dg[DIGEST_BITS - 1 - 32*i -: 32] = z_reg[32*i +: 32];
                dg[255 - 32*i -: 32] = z[32*i +: 32];
            end else begin
                dg[DIGEST_BITS - 1 - 32*i -: 32] = z[32*i +: 32];
            end
        end
    end
    assign digest = dg;

    // multiplication by x in GF(2^32)^8 modulo x^8 + x^4 + x^3 + x + 1 (spec 3.2): word 0
    // holds the constant coefficient
    function [255:0] mul2;
        input [255:0] s;
        reg [31:0] t;
        begin
            t = s[255:224];
            mul2 = {s[223:128], s[127:96] ^ t, s[95:64] ^ t, s[63:32], s[31:0] ^ t, t};
        end
    endfunction

    // message injection MI_W (spec 3.2.1, 3.2.3); words of m: word 0 = the first 4 bytes
    function [N-1:0] luffa_mi;
        input [N-1:0]  vi;
        input [255:0]  mb;
        reg [255:0] vv [0:4];
        reg [255:0] t, b, mm;
        integer k;
        begin
            for (k = 0; k < 8; k = k + 1) mm[32*k +: 32] = mb[255 - 32*k -: 32];
            t = 256'd0;
            for (k = 0; k < W; k = k + 1) begin
                vv[k] = vi[256*k +: 256];
                t = t ^ vv[k];
            end
            t = mul2(t);
            for (k = 0; k < W; k = k + 1) vv[k] = vv[k] ^ t;
            if (W == 5) begin
                // two rings: first V_j <- 2 V_j ^ V_(j+1), then V_j <- 2 V_j ^ V_(j-1)
                b = mul2(vv[0]) ^ vv[1];
                for (k = 1; k < 5; k = k + 1) vv[k] = mul2(vv[k]) ^ vv[(k + 1) % 5];
                vv[0] = mul2(b) ^ vv[4];
                for (k = 4; k > 1; k = k - 1) vv[k] = mul2(vv[k]) ^ vv[k - 1];
                vv[1] = mul2(vv[1]) ^ b;
            end
            for (k = 0; k < W; k = k + 1) begin
                luffa_mi[256*k +: 256] = vv[k] ^ mm;
                mm = mul2(mm);
            end
        end
    endfunction
endmodule

// One step of each of the W sub-permutations Q_j (spec 4.1-4.5), side by side: the tweak
// (words 4..7 of Q_j's input rotated left by j, before its first step), SubCrumb on words
// (0,1,2,3) and (5,6,7,4), MixWord on the pairs (i, i+4), AddConstant on words 0 and 4.
// One procedural block: iverilog evaluates it once per change of the inputs.
module luffa_step #(
    parameter W = 3
) (
    input  wire [256*W-1:0] x,
    input  wire             tweak,
    input  wire [2:0]       r,
    output reg  [256*W-1:0] y
);
    // step constants (spec v2.0 appendix B): {c0, c4} of Q_j step r at [64*(8*j + r) +: 64]
    localparam [2559:0] RC = {
        64'hedae9520fc053c31, 64'h3b6ba5483f014f0c, 64'h8edae9520fc053c3, 64'h7860264929131ab6,
        64'h6f2d9bc9d1925ab0, 64'h1bcb66f2b46496ac, 64'hac11d7fa2d1925ab, 64'hf0d2e9e35090d577,
        64'hb3ad2208a1c4c355, 64'h2ceb48825944a28e, 64'hd0ec4e3d3cb226e5, 64'h343b138ffe191be2,
        64'h56d858fe956548be, 64'h4e608a227e8fce32, 64'hc84ebe9544756f91, 64'hb213afa5e028c9bf,
        64'ha2c78434703aace7, 64'hd984735636eda57f, 64'hedb780c827586719, 64'hbb6de03278e38b9d,
        64'h8438764a1e38e2e7, 64'h7ad8818f5c58a4a4, 64'h34552e25e623bb72, 64'hfc20d9d2e25e72c1,
        64'h40a46f3eb923c704, 64'hbaca15892e48f1c1, 64'haeb28562faa7ae2b, 64'h707a3d45144ae5cc,
        64'h1c1e8f51f4272b28, 64'h0707a3d4bd09caca, 64'h70f47aae05a17cf4, 64'hb6de10ed01685f3d,
        64'h96e1db129a226e9d, 64'h8f5b788226889ba7, 64'h7800423d5274baf4, 64'h1e00108fe5a8bce6,
        64'hdc56983e9389217f, 64'h6cc33a127f34d442, 64'hc0e65299441ba90d, 64'h303994a6e0337818};
    // the S-box (spec 4.2), entry x at SB[4*x +: 4]; input bit i from word a_i
    localparam [63:0] SB = 64'h428fc93b67a510ed;

    function [31:0] rotl;
        input [31:0] v;
        input integer n;
        rotl = (v << n) | (v >> (32 - n));
    endfunction

    reg [31:0] a [0:7];
    reg [3:0]  s;
    reg [63:0] c;
    integer j, i, b;
    always @* begin
        for (j = 0; j < W; j = j + 1) begin
            for (i = 0; i < 8; i = i + 1) a[i] = x[256*j + 32*i +: 32];
            if (tweak && j > 0)
                for (i = 4; i < 8; i = i + 1) a[i] = rotl(a[i], j);
            for (b = 0; b < 32; b = b + 1) begin           // SubCrumb
                s = SB[4 * {a[3][b], a[2][b], a[1][b], a[0][b]} +: 4];
                a[0][b] = s[0]; a[1][b] = s[1]; a[2][b] = s[2]; a[3][b] = s[3];
                s = SB[4 * {a[4][b], a[7][b], a[6][b], a[5][b]} +: 4];
                a[5][b] = s[0]; a[6][b] = s[1]; a[7][b] = s[2]; a[4][b] = s[3];
            end
            for (i = 0; i < 4; i = i + 1) begin             // MixWord
                a[i + 4] = a[i + 4] ^ a[i];
                a[i]     = rotl(a[i], 2) ^ a[i + 4];
                a[i + 4] = rotl(a[i + 4], 14) ^ a[i];
                a[i]     = rotl(a[i], 10) ^ a[i + 4];
                a[i + 4] = rotl(a[i + 4], 1);
            end
            c = RC[64*(8*j + r) +: 64];                     // AddConstant
            a[0] = a[0] ^ c[63:32];
            a[4] = a[4] ^ c[31:0];
            for (i = 0; i < 8; i = i + 1) y[256*j + 32*i +: 32] = a[i];
        end
    end
endmodule
`default_nettype wire
