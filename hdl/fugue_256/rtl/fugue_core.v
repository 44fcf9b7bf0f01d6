// fugue_core: Fugue-256 (BIG = 0: 30 columns, two sub-rounds per word) and Fugue-512
// (BIG = 1: 36 columns, four), SHA-3 round 2.  Basic iterative architecture: one sub-round
// (ROR3, CMIX, SMIX) per clock, TIX in the clock that takes the 32-bit word together with the
// first sub-round: NR clocks per word.  The final round G runs as finalisation passes of NR
// clocks: G1 (10 / 32 sub-rounds), then G2 (13 x NR stages: xors of S0, a rotation, SMIX), one
// per clock; its last xors are applied where the digest is read.  The rotations are wiring: S0
// stays at one place of the register.  Interface: hdl/README.md; padding `fugue` (zeros to a
// word, then the 64-bit bit length as two words); `count` unused.
// Column i is s[32*i +: 32], its byte 0 (row 0, the first byte of the word) the most significant.
`default_nettype none
module fugue_core #(
    parameter BIG         = 0,
    parameter BLOCK_BITS  = 32,                 // fixed
    parameter DIGEST_BITS = BIG ? 512 : 256
) (
`include "hb_core_ports.vh"
);
`include "aes_sbox.vh"
    localparam N  = BIG ? 36 : 30;              // columns
    localparam NR = BIG ? 4 : 2;                // sub-rounds per word
    localparam X  = BIG ? 18 : 15;              // CMIX's second target
    localparam G1 = BIG ? 32 : 10;              // sub-rounds of G1
    // initial values (spec): the last DIGEST_BITS / 32 columns of an otherwise zero state;
    // the last IV word first (it goes to column N - 1)
    localparam [255:0] IV256 = {32'h34f8c248, 32'h9149e899, 32'hfbf929de, 32'hf96c621d,
        32'hd2b0b594, 32'he0d4f668, 32'h6671135f, 32'he952bdde};
    localparam [511:0] IV512 = {32'he13e3567, 32'hda6ed11d, 32'h951fddd6, 32'h25ea78e7,
        32'h437f203f, 32'hcae65838, 32'hddb21398, 32'haac6e2c9,
        32'h4a92efd1, 32'h06e8020b, 32'hb6eecc54, 32'hd915f117,
        32'hac9ab027, 32'hc5d3e4db, 32'he616af75, 32'h8807a57e};
    // G2 (spec, the final round): stage j xors S0 into S4 and into the NR - 1 columns
    // G2[j*NR ..], then rotates right by G2[j*NR + NR - 1]; entry k at [8*k +: 8]
    localparam [127:0] G2_256 = {96'd0, 8'd14, 8'd16, 8'd15, 8'd15};
    localparam [127:0] G2_512 = {8'd8, 8'd28, 8'd19, 8'd10, 8'd9, 8'd27, 8'd19, 8'd10,
                                 8'd9, 8'd27, 8'd18, 8'd10, 8'd9, 8'd27, 8'd18, 8'd9};
    localparam [127:0] G2 = BIG ? G2_512 : G2_256;

    reg [32*N-1:0] s_reg;

    wire       init, load, fin;
    wire [1:0] rnd;
    wire [4:0] pass;
    hb_ctrl #(.ROUNDS(NR), .FIN_PASSES(BIG ? 21 : 18), .RW(2), .PW(5)) u_ctrl (
        .clk(clk), .rst(rst), .start(start), .blk_valid(blk_valid), .last(last),
        .ready(ready), .digest_valid(digest_valid), .init(init), .load(load), .rnd(rnd),
        .fin(fin), .pass(pass), .blk_end(), .fin_end(), .last_q());

    // SMIX on columns x0..x3 (spec "The SMIX transformation"): SubBytes, then Super-Mix,
    // written with t(v) = column 0 of M = circ(1,4,7,1) times S[v] and its rotations
    function [31:0] t0;
        input [7:0] v;
        reg [7:0] a, a2, a4;
        begin
            a = aes_sbox(v);
            a2 = {a[6:0], 1'b0} ^ (a[7] ? 8'h1b : 8'h00);
            a4 = {a2[6:0], 1'b0} ^ (a2[7] ? 8'h1b : 8'h00);
            t0 = {a, a, a4 ^ a2 ^ a, a4};
        end
    endfunction
    function [127:0] smix;                      // {x0, x1, x2, x3} -> the same
        input [127:0] x;
        reg [31:0] c [0:3];
        reg [31:0] r [0:3];
        reg [31:0] t, o0, o1, o2, o3;
        integer i, k;
        begin
            for (i = 0; i < 4; i = i + 1) begin c[i] = 0; r[i] = 0; end
            for (i = 0; i < 4; i = i + 1)                   // column i, byte k: T_k = t0 >>> 8k
                for (k = 0; k < 4; k = k + 1) begin
                    t = t0(x[127 - 32*i - 8*k -: 8]);
                    t = (t >> (8*k)) | (t << (32 - 8*k));
                    c[i] = c[i] ^ t;
                    if (k != i) r[k] = r[k] ^ t;
                end
            o0 = ((c[0] ^ r[0]) & 32'hff000000) | ((c[1] ^ r[1]) & 32'h00ff0000)
               | ((c[2] ^ r[2]) & 32'h0000ff00) | ((c[3] ^ r[3]) & 32'h000000ff);
            o1 = ((c[1] ^ (r[0] << 8)) & 32'hff000000) | ((c[2] ^ (r[1] << 8)) & 32'h00ff0000)
               | ((c[3] ^ (r[2] << 8)) & 32'h0000ff00) | ((c[0] ^ (r[3] >> 24)) & 32'h000000ff);
            o2 = ((c[2] ^ (r[0] << 16)) & 32'hff000000) | ((c[3] ^ (r[1] << 16)) & 32'h00ff0000)
               | ((c[0] ^ (r[2] >> 16)) & 32'h0000ff00) | ((c[1] ^ (r[3] >> 16)) & 32'h000000ff);
            o3 = ((c[3] ^ (r[0] << 24)) & 32'hff000000) | ((c[0] ^ (r[1] >> 8)) & 32'h00ff0000)
               | ((c[1] ^ (r[2] >> 8)) & 32'h0000ff00) | ((c[2] ^ (r[3] >> 8)) & 32'h000000ff);
            smix = {o0, o1, o2, o3};
        end
    endfunction

    // one clock: [TIX,] then a sub-round, or a G2 stage
    reg [31:0]  S [0:35];
    reg [31:0]  T [0:35];
    reg [127:0] m;
    reg [6:0]   f;                              // clock of the final round G
    reg [1:0]   j;                              // G2 stage of this clock
    reg [32*N-1:0] s_out;
    integer i, k, jj;
    always @* begin
        for (i = 0; i < N; i = i + 1) S[i] = s_reg[32*i +: 32];
        k = 0; jj = 0;                          // loop variables: no latch where unused
        f = pass * NR + rnd;
        if (load) begin                         // TIX
            if (BIG) begin
                S[22] = S[22] ^ S[0]; S[0] = blk; S[8] = S[8] ^ S[0];
                S[1] = S[1] ^ S[24]; S[4] = S[4] ^ S[27]; S[7] = S[7] ^ S[30];
            end else begin
                S[10] = S[10] ^ S[0]; S[0] = blk; S[8] = S[8] ^ S[0]; S[1] = S[1] ^ S[24];
            end
        end
        j = (f - G1) % NR;
        for (i = 0; i < N; i = i + 1) T[i] = S[i];
        if (!fin || f < G1) begin
            // ROR3, then CMIX
            for (i = 0; i < N; i = i + 1) T[i] = S[(i + N - 3) % N];
            T[0] = T[0] ^ T[4]; T[1] = T[1] ^ T[5]; T[2] = T[2] ^ T[6];
            T[X] = T[X] ^ T[4]; T[X + 1] = T[X + 1] ^ T[5]; T[X + 2] = T[X + 2] ^ T[6];
        end else begin
            // G2 stage j: xors, then the rotation.  Each stage is spelt out with its constant
            // columns and rotation (jj is a loop constant) and the stage chosen after: indexed
            // by the run-time j, the rotation became N modulo circuits and N-way muxes and
            // the xors a decoder per column, which took yosys most of an hour.
            S[4] = S[4] ^ S[0];
            for (jj = 0; jj < NR; jj = jj + 1)
                if (j == jj) begin
                    for (k = 0; k < NR - 1; k = k + 1)
                        S[G2[8*(jj*NR + k) +: 8]] = S[G2[8*(jj*NR + k) +: 8]] ^ S[0];
                    for (i = 0; i < N; i = i + 1) T[i] = S[(i + N - G2[8*(jj*NR + NR - 1) +: 8]) % N];
                end
        end
        m = smix({T[0], T[1], T[2], T[3]});
        T[0] = m[127:96]; T[1] = m[95:64]; T[2] = m[63:32]; T[3] = m[31:0];
        for (i = 0; i < N; i = i + 1) s_out[32*i +: 32] = T[i];
    end

    always @(posedge clk) begin
        if (init)               s_reg <= BIG ? {IV512, {(32*(N-16)){1'b0}}}
                                             : {IV256, {(32*(N-8)){1'b0}}};
        else if (load | ~ready) s_reg <= s_out;
    end

    // the digest: the last stage-0 xors of G2 (S4 and the NR - 1 listed columns ^= S0), then
    // S1..S4 and four columns from each listed column
    reg [31:0] D [0:35];
    reg [DIGEST_BITS-1:0] dg;
    always @* begin
        for (i = 0; i < N; i = i + 1) D[i] = s_reg[32*i +: 32];
        D[4] = D[4] ^ D[0];
        for (k = 0; k < NR - 1; k = k + 1) D[G2[8*k +: 8]] = D[G2[8*k +: 8]] ^ D[0];
        for (i = 0; i < 4; i = i + 1) dg[DIGEST_BITS - 1 - 32*i -: 32] = D[1 + i];
        for (k = 0; k < NR - 1; k = k + 1)
            for (i = 0; i < 4; i = i + 1)
                dg[DIGEST_BITS - 129 - 128*k - 32*i -: 32] = D[G2[8*k +: 8] + i];
    end
    assign digest = dg;
endmodule
`default_nettype wire
