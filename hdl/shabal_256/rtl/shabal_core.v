// shabal_core: Shabal-256 and Shabal-512 (SHA-3 round 2 specification; p = 3, r = 12).
// Basic iterative architecture: one step of the keyed permutation (one A word and one B
// word updated) per clock, A, B, C and M as rotating registers so that every step reads
// fixed positions.  A block costs 49 clocks: the clock that takes it does B += M, A ^= W,
// B <<<= 17 and step 0; 47 more steps; one clock for the 36 A additions (done as 12
// three-way sums), C -= M and the swap of B and C.  After the last block, the same block
// with the same W three more times (three finalisation passes of 49 clocks).
// Interface: hdl/README.md; padding `shabal` (0x80, zeros; `count` = W, the block number
// counted from 1).  Register words: A_i at a[32*i +: 32], B_i, C_i, M_i likewise.
`default_nettype none
module shabal_core #(
    parameter BLOCK_BITS  = 512,        // fixed
    parameter DIGEST_BITS = 256         // 256 or 512
) (
`include "hb_core_ports.vh"
);
    // A, B, C after the two prefix blocks of the specification (its initial values), as in
    // src/algos/shabal/shabal_iv.h (tools/gen_shabal_iv.py); C15 first, A0 last
    localparam [1407:0] IV_256 = {32'h9b491c60, 32'hba839e55, 32'he6e00bf7, 32'hbc968828,
        32'h83e82a7f, 32'h758b4b8b, 32'h60e2ceba, 32'h88b59d60,
        32'hed614433, 32'h56c56167, 32'ha327b8e1, 32'hc51c28ae,
        32'hc0dd9d55, 32'hb3733979, 32'hc4233eba, 32'hb405f031,
        32'h55cb34a5, 32'h30924dd4, 32'h3299ace4, 32'h3ea8b96b,
        32'hb38b8890, 32'hbe216306, 32'h5138c1d4, 32'ha6e03615,
        32'h0afe4002, 32'h9cb6bf72, 32'h696fd868, 32'hda28c1fa,
        32'h9301515f, 32'ha72a652f, 32'h3e710596, 32'hb555c6ee,
        32'heb21b74a, 32'heffdbc6b, 32'h22af50dc, 32'h14ce5a45,
        32'hb0d2eb8c, 32'hd2b5c1ca, 32'hbb7c44c9, 32'he0078b86,
        32'hb9645191, 32'h2d8ee3ec, 32'he54b7999, 32'h52f84552};
    localparam [1407:0] IV_512 = {32'h7cdb5969, 32'h2537dc8d, 32'haed9a06d, 32'h950c3434,
        32'hbe97d79a, 32'h3c60d665, 32'h5194358f, 32'h7f07d787,
        32'h04052780, 32'h418b2a6e, 32'h941a8cc2, 32'hb5d469d8,
        32'h8134f359, 32'h56028cb2, 32'h58bad750, 32'hd9bf68d1,
        32'ha1a7502b, 32'h6d8bde82, 32'h75941d99, 32'h72d2f240,
        32'hbbc4324e, 32'hc5a0df44, 32'h893b22db, 32'h48910a5a,
        32'h1de85d08, 32'h73b9d314, 32'h1ea81aa9, 32'heb6f56c7,
        32'hcc8ad640, 32'he7442c26, 32'h07b385f3, 32'hc1099cb7,
        32'h28acab7f, 32'h76d2adac, 32'h8bd14410, 32'hbe0cae40,
        32'hfad06b8b, 32'hdbb930f1, 32'h0ea9e82c, 32'h71b4ef90,
        32'h55304632, 32'he782b699, 32'h46c0bd53, 32'h20728dfd};
    localparam [1407:0] IV = (DIGEST_BITS == 512) ? IV_512 : IV_256;

    reg [383:0] a_reg;
    reg [511:0] b_reg, c_reg, m_reg;
    reg [63:0]  w_reg;

    wire       init, load, fin;
    wire [5:0] rnd;
    hb_ctrl #(.ROUNDS(49), .FIN_PASSES(3), .RW(6), .PW(2)) u_ctrl (
        .clk(clk), .rst(rst), .start(start), .blk_valid(blk_valid), .last(last),
        .ready(ready), .digest_valid(digest_valid), .init(init), .load(load), .rnd(rnd),
        .fin(fin), .pass(), .blk_end(), .fin_end(), .last_q());

    localparam W = 32;
`include "hb_rotr.vh"

    // message words little-endian: M_i = bytes 4i..4i+3
    reg [511:0] m_le;
    // one loop variable per process, set on every path: yosys makes a loop integer a signal
    // (a latch where only some paths set it)
    integer k, kp, ke, kd;
    always @* for (k = 0; k < 64; k = k + 1) m_le[8*k +: 8] = blk[511 - 8*k -: 8];

    // the step unit's inputs: in the first clock of a (final) round the prologue
    wire        first = load | (fin & rnd == 6'd0);
    wire [511:0] m = load ? m_le : m_reg;
    wire [63:0]  wc = load ? count : w_reg;
    reg  [383:0] a;
    reg  [511:0] b;
    always @* begin
        a = a_reg;
        b = b_reg;
        kp = 0;
        if (first) begin
            a[63:0] = a[63:0] ^ wc;
            for (kp = 0; kp < 16; kp = kp + 1) b[32*kp +: 32] = rotr(b[32*kp +: 32] + m[32*kp +: 32], 15);
        end
    end

    // one step (i = step mod 16, A index k mod 12): the words it reads are at fixed places
    // of the rotating registers: A[k] at 0, A[k-1] at 11, B[i + n] at n, C[8 - i] at 8, M[i] at 0
    wire [31:0] a0 = a[31:0], a11 = a[383:352], b0 = b[31:0];
    wire [31:0] u = ((a0 ^ c_reg[32*8 +: 32]) ^ (rotr(a11, 17) * 5)) * 3
                  ^ b[32*13 +: 32] ^ (b[32*9 +: 32] & ~b[32*6 +: 32]) ^ m[31:0];
    wire [31:0] bn = ~(rotr(b0, 31) ^ u);

    // the end of a round: A_i += C_(i+3) + C_(i+15) + C_(i+11) (the 36 additions), C -= M,
    // then B and C trade places
    reg [383:0] a_end;
    reg [511:0] c_end;
    always @* begin
        for (ke = 0; ke < 12; ke = ke + 1)
            a_end[32*ke +: 32] = a_reg[32*ke +: 32] + c_reg[32*((ke + 3) % 16) +: 32]
                               + c_reg[32*((ke + 15) % 16) +: 32] + c_reg[32*((ke + 11) % 16) +: 32];
        for (ke = 0; ke < 16; ke = ke + 1)
            c_end[32*ke +: 32] = c_reg[32*ke +: 32] - m_reg[32*ke +: 32];
    end

    always @(posedge clk) begin
        if (init) begin
            a_reg <= IV[383:0];
            b_reg <= IV[895:384];
            c_reg <= IV[1407:896];
        end else if (load | ~ready) begin
            if (rnd == 6'd48) begin
                a_reg <= a_end;
                b_reg <= c_end;
                c_reg <= b_reg;
            end else begin
                a_reg <= {u, a[383:32]};
                b_reg <= {bn, b[511:32]};
                c_reg <= {c_reg[479:0], c_reg[511:480]};
                m_reg <= {m[31:0], m[511:32]};
            end
        end
        if (load) w_reg <= count;
    end

    // the digest: the last DIGEST_BITS / 32 words of C, little-endian
    reg [DIGEST_BITS-1:0] dg;
    always @* for (kd = 0; kd < DIGEST_BITS / 8; kd = kd + 1)
        dg[DIGEST_BITS - 1 - 8*kd -: 8] = c_reg[512 - DIGEST_BITS + 8*kd +: 8];
    assign digest = dg;
endmodule
`default_nettype wire
