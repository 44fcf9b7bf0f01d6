// hamsi_core: Hamsi-256 (BIG = 0) and Hamsi-512 (BIG = 1), SHA-3 round 2.  Basic iterative
// architecture: one round of P / Pf per clock.  The clock that takes a block does the message
// expansion (an xor of generator rows), the concatenation and round 0; P has ROUNDS = 3 (6)
// rounds.  The last block goes through Pf (6 / 12 rounds, other constants): its first ROUNDS
// rounds run as an ordinary block with Pf's constants, the rest as one finalisation pass, and
// the truncation and feed-forward wait for the end of Pf.  Interface: hdl/README.md; padding
// `hamsi` (0x80, zeros to the block, then the 64-bit length as blocks; the last one is the
// one through Pf); `count` unused.
`default_nettype none
module hamsi_core #(
    parameter BIG         = 0,
    parameter BLOCK_BITS  = BIG ? 64 : 32,    // fixed by BIG
    parameter DIGEST_BITS = BIG ? 512 : 256
) (
`include "hb_core_ports.vh"
);
    localparam NS = BIG ? 32 : 16;            // state words
    localparam NH = NS / 2;                   // chaining words
    localparam ROUNDS = BIG ? 6 : 3;
`include "hamsi_rows.vh"
    localparam [32*NH*BLOCK_BITS-1:0] ROWS = BIG ? ROWS512 : ROWS256;
    // initial values (spec 2.2.2), round constants alpha of P and Pf (spec 2.3.1); word i at
    // [32*i +: 32]; Hamsi-256 uses alpha words 8k..8k+3 for state words 4k..4k+3
    localparam [255:0]  IV256 = {32'h7420456c, 32'h656d656e, 32'h70617274, 32'h2c204465,
        32'h7576656e, 32'h74204c65, 32'h69746569, 32'h76657273};
    localparam [511:0]  IV512 = {32'h6769756d, 32'h2042656c, 32'h6c65652c, 32'h65766572,
        32'h656e2d48, 32'h4c657576, 32'h30303120, 32'h20422d33,
        32'h3434362c, 32'h75732032, 32'h302c2062, 32'h72672031,
        32'h656e6265, 32'h6b204172, 32'h6c706172, 32'h73746565};
    localparam [1023:0] ALPHA_N = {32'hccccf0f0, 32'hff00aaaa, 32'haaaaf0f0, 32'hff00cccc,
        32'hccccff00, 32'haaaaf0f0, 32'hf0f0cccc, 32'haaaaff00,
        32'haaaacccc, 32'hf0f0ff00, 32'hccccaaaa, 32'hf0f0ff00,
        32'hf0f0cccc, 32'hff00aaaa, 32'hff00f0f0, 32'hccccaaaa,
        32'hff00aaaa, 32'hccccf0f0, 32'hff00cccc, 32'haaaaf0f0,
        32'haaaaf0f0, 32'hccccff00, 32'haaaaff00, 32'hf0f0cccc,
        32'hf0f0ff00, 32'haaaacccc, 32'hf0f0ff00, 32'hccccaaaa,
        32'hff00aaaa, 32'hf0f0cccc, 32'hccccaaaa, 32'hff00f0f0};
    localparam [1023:0] ALPHA_F = {32'h0ff0639c, 32'hcaf9f9c0, 32'hf9c0639c, 32'hcaf90ff0,
        32'h0ff0caf9, 32'hf9c0639c, 32'h639c0ff0, 32'hf9c0caf9,
        32'hf9c00ff0, 32'h639ccaf9, 32'h0ff0f9c0, 32'h639ccaf9,
        32'h639c0ff0, 32'hcaf9f9c0, 32'hcaf9639c, 32'h0ff0f9c0,
        32'hcaf9f9c0, 32'h0ff0639c, 32'hcaf90ff0, 32'hf9c0639c,
        32'hf9c0639c, 32'h0ff0caf9, 32'hf9c0caf9, 32'h639c0ff0,
        32'h639ccaf9, 32'hf9c00ff0, 32'h639ccaf9, 32'h0ff0f9c0,
        32'hcaf9f9c0, 32'h639c0ff0, 32'h0ff0f9c0, 32'hcaf9639c};
    // the S-box (spec 2.3.2), entry x at SB[4*x +: 4], x0 the least significant bit
    localparam [63:0] SB = 64'h25b04e1dfac39768;

    reg [32*NH-1:0] h_reg;
    reg [32*NS-1:0] s_reg;

    wire       init, load, fin, blk_end, fin_end, last_q;
    wire [2:0] rnd;
    hb_ctrl #(.ROUNDS(ROUNDS), .FIN_PASSES(1), .RW(3), .PW(1)) u_ctrl (
        .clk(clk), .rst(rst), .start(start), .blk_valid(blk_valid), .last(last),
        .ready(ready), .digest_valid(digest_valid), .init(init), .load(load), .rnd(rnd),
        .fin(fin), .pass(), .blk_end(blk_end), .fin_end(fin_end), .last_q(last_q));

    // the state a block starts from: expansion of the block, concatenated with h
    reg [32*NH-1:0] m;
    reg [32*NS-1:0] c;
    integer i, k, j;
    always @* begin                             // (its own block: it reads only blk)
        m = 0;
        for (j = 0; j < BLOCK_BITS; j = j + 1)        // bit j = bit j mod 8 (lsb 0) of byte j/8
            if (blk[BLOCK_BITS - 8 - 8*(j/8) + j%8])
                m = m ^ ROWS[32*NH*j +: 32*NH];
    end
    always @* begin
        // concatenation (spec 2.2.5): 256: m0 m1 c0 c1 c2 c3 m2 m3 m4 m5 c4 c5 c6 c7 m6 m7;
        // 512: m0 m1 c0 c1 m2 m3 c2 c3 c4 c5 m4 m5 c6 c7 m6 m7, then the same for the halves 8..15
        for (k = 0; k < NS / 16; k = k + 1) begin
            c[32*(16*k + 0) +: 64] = m[32*(8*k + 0) +: 64];
            c[32*(16*k + 2) +: 64] = h_reg[32*(8*k + 0) +: 64];
            c[32*(16*k + 4) +: 64] = BIG ? m[32*(8*k + 2) +: 64] : h_reg[32*(8*k + 2) +: 64];
            c[32*(16*k + 6) +: 64] = BIG ? h_reg[32*(8*k + 2) +: 64] : m[32*(8*k + 2) +: 64];
            c[32*(16*k + 8) +: 64] = BIG ? h_reg[32*(8*k + 4) +: 64] : m[32*(8*k + 4) +: 64];
            c[32*(16*k + 10) +: 64] = BIG ? m[32*(8*k + 4) +: 64] : h_reg[32*(8*k + 4) +: 64];
            c[32*(16*k + 12) +: 64] = h_reg[32*(8*k + 6) +: 64];
            c[32*(16*k + 14) +: 64] = m[32*(8*k + 6) +: 64];
        end
    end

    // one round: constants (Pf's for the last block), the round number into word 1, S-boxes
    // on the columns, L on four-word groups
    wire [3:0] r = fin ? rnd + ROUNDS : rnd;
    wire       pf = load ? last : last_q;
    wire [1023:0] alpha = pf ? ALPHA_F : ALPHA_N;
    reg [32*NS-1:0] x;
    reg [31:0] a [0:31];
    reg [3:0]  v;
    integer b;
    always @* begin
        x = load ? c : s_reg;
        for (i = 0; i < NS; i = i + 1)
            a[i] = x[32*i +: 32] ^ alpha[32*(BIG ? i : i + (i & ~3)) +: 32];
        a[1] = a[1] ^ r;
        for (i = 0; i < NS / 4; i = i + 1)
            for (b = 0; b < 32; b = b + 1) begin
                v = SB[4 * {a[i + 3*NS/4][b], a[i + NS/2][b], a[i + NS/4][b], a[i][b]} +: 4];
                a[i][b] = v[0]; a[i + NS/4][b] = v[1]; a[i + NS/2][b] = v[2]; a[i + 3*NS/4][b] = v[3];
            end
        if (BIG) begin
            hl(5'h00, 5'h09, 5'h12, 5'h1b); hl(5'h01, 5'h0a, 5'h13, 5'h1c);
            hl(5'h02, 5'h0b, 5'h14, 5'h1d); hl(5'h03, 5'h0c, 5'h15, 5'h1e);
            hl(5'h04, 5'h0d, 5'h16, 5'h1f); hl(5'h05, 5'h0e, 5'h17, 5'h18);
            hl(5'h06, 5'h0f, 5'h10, 5'h19); hl(5'h07, 5'h08, 5'h11, 5'h1a);
            hl(5'h00, 5'h02, 5'h05, 5'h07); hl(5'h10, 5'h13, 5'h15, 5'h16);
            hl(5'h09, 5'h0b, 5'h0c, 5'h0e); hl(5'h19, 5'h1a, 5'h1c, 5'h1f);
        end else begin
            hl(0, 5, 10, 15); hl(1, 6, 11, 12); hl(2, 7, 8, 13); hl(3, 4, 9, 14);
        end
        for (i = 0; i < NS; i = i + 1) x[32*i +: 32] = a[i];
    end
    wire [32*NS-1:0] s_out = x;

    // the diffusion layer L (spec 2.3.3) on a[p], a[q], a[u], a[w]
    localparam W = 32;
`include "hb_rotr.vh"
    task hl;
        input integer p, q, u, w;
        begin
            a[p] = rotr(a[p], 19);
            a[u] = rotr(a[u], 29);
            a[q] = a[q] ^ a[p] ^ a[u];
            a[w] = a[w] ^ a[u] ^ (a[p] << 3);
            a[q] = rotr(a[q], 31);
            a[w] = rotr(a[w], 25);
            a[p] = a[p] ^ a[q] ^ a[w];
            a[u] = a[u] ^ a[w] ^ (a[q] << 7);
            a[p] = rotr(a[p], 27);
            a[u] = rotr(a[u], 10);
        end
    endtask

    // truncation and feed-forward (spec 2.2.6): h_i ^= s_i, h_(i+NH/2) ^= s_(i+NS/2)
    wire [32*NH-1:0] h_new = h_reg ^ {s_out[32*NS/2 +: 32*NH/2], s_out[0 +: 32*NH/2]};
    always @(posedge clk) begin
        if (init)                               h_reg <= BIG ? IV512 : IV256;
        else if ((blk_end & ~last_q) | fin_end) h_reg <= h_new;
        if (load | ~ready)                      s_reg <= s_out;
    end

    // the digest: h, big-endian words
    reg [DIGEST_BITS-1:0] dg;
    always @* for (i = 0; i < NH; i = i + 1) dg[DIGEST_BITS - 1 - 32*i -: 32] = h_reg[32*i +: 32];
    assign digest = dg;
endmodule
`default_nettype wire
