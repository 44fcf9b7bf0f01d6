// blake256_core: BLAKE-256, final SHA-3 submission (14 rounds), no salt.  Basic iterative
// architecture: one full round per clock (4 column G then 4 diagonal G, 8 G in the
// combinational path), 14 clocks per block.
// Interface: hdl/README.md.  The host pads (0x80 .. 0x01, 64-bit length) and supplies the
// counter t on `count`: message bits in this and earlier blocks, 0 for a block holding only
// padding (python/hashbench/hw/padding/blake.py).  `last` only raises digest_valid.
// Round 0 runs in the clock that takes blk_valid (from the freshly initialised v), and the
// finalisation h ^= v_lo ^ v_hi is taken from the output of round 13, so a block costs 14
// clocks from blk_valid until ready; start loads the IV in one clock without dropping ready.
`default_nettype none
module blake256_core (
    input  wire         clk,
    input  wire         rst,
    input  wire         start,
    input  wire         blk_valid,
    input  wire [511:0] blk,
    input  wire [63:0]  count,
    input  wire         last,
    output wire         ready,
    output wire [255:0] digest,
    output wire         digest_valid
);
    // IV (BLAKE spec v1.3 sec. 2.1.1, the SHA-256 IV), word i at [32*i +: 32]
    localparam [255:0] IV = {32'h5be0cd19, 32'h1f83d9ab, 32'h9b05688c, 32'h510e527f,
                             32'ha54ff53a, 32'h3c6ef372, 32'hbb67ae85, 32'h6a09e667};
    // constants c0..c7 (sec. 2.1.1, leading digits of pi), c_i at [32*i +: 32]
    localparam [255:0] C_LO = {32'hec4e6c89, 32'h082efa98, 32'h299f31d0, 32'ha4093822,
                               32'h03707344, 32'h13198a2e, 32'h85a308d3, 32'h243f6a88};

    reg [255:0] h_reg;    reg [255:0] h_new;    reg h_we;
    reg [511:0] v_reg;    reg [511:0] v_new;    reg v_we;
    reg [511:0] m_reg;    reg [511:0] m_new;    reg m_we;
    reg [3:0]   rnd_reg;  reg [3:0]   rnd_new;  reg rnd_we;
    reg         busy_reg; reg         busy_new; reg busy_we;
    reg         last_reg; reg         last_new; reg last_we;
    reg         dv_reg;   reg         dv_new;   reg dv_we;

    // big-endian message words: word i = block bytes 4i..4i+3, at m[32*i +: 32]
    wire [511:0] blk_w;
    genvar k;
    generate
        for (k = 0; k < 16; k = k + 1) begin : g_in
            assign blk_w[32*k +: 32] = blk[511-32*k -: 32];
        end
        for (k = 0; k < 8; k = k + 1) begin : g_out
            assign digest[255-32*k -: 32] = h_reg[32*k +: 32];
        end
    endgenerate

    // initial state (sec. 2.1.2) with salt 0: v12,v13 ^= t0, v14,v15 ^= t1
    wire [511:0] v_init = {C_LO[255:224] ^ count[63:32], C_LO[223:192] ^ count[63:32],
                           C_LO[191:160] ^ count[31:0],  C_LO[159:128] ^ count[31:0],
                           C_LO[127:0], h_reg};

    wire [511:0] rnd_v   = busy_reg ? v_reg : v_init;
    wire [511:0] rnd_m   = busy_reg ? m_reg : blk_w;
    wire [3:0]   rnd_idx = busy_reg ? rnd_reg : 4'd0;
    wire [511:0] rnd_out;

    blake256_round u_round (.v(rnd_v), .m(rnd_m), .r(rnd_idx), .y(rnd_out));

    assign ready        = ~busy_reg;
    assign digest_valid = dv_reg;

    always @* begin
        h_new = h_reg ^ rnd_out[255:0] ^ rnd_out[511:256]; h_we = 1'b0;
        v_new = rnd_out;          v_we = 1'b0;
        m_new = blk_w;            m_we = 1'b0;
        rnd_new = rnd_reg + 4'd1; rnd_we = 1'b0;
        busy_new = 1'b0;          busy_we = 1'b0;
        last_new = last;          last_we = 1'b0;
        dv_new = 1'b0;            dv_we = 1'b0;
        if (busy_reg) begin
            v_we = 1'b1; rnd_we = 1'b1;
            if (rnd_reg == 4'd13) begin
                h_we = 1'b1;
                busy_we = 1'b1;
                dv_new = last_reg; dv_we = 1'b1;
            end
        end else if (start) begin
            h_new = IV; h_we = 1'b1;
            dv_we = 1'b1;
        end else if (blk_valid) begin
            v_we = 1'b1; m_we = 1'b1;
            rnd_new = 4'd1; rnd_we = 1'b1;
            busy_new = 1'b1; busy_we = 1'b1;
            last_we = 1'b1;
            dv_we = 1'b1;
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            h_reg <= 256'b0; v_reg <= 512'b0; m_reg <= 512'b0; rnd_reg <= 4'd0;
            busy_reg <= 1'b0; last_reg <= 1'b0; dv_reg <= 1'b0;
        end else begin
            if (h_we)    h_reg    <= h_new;
            if (v_we)    v_reg    <= v_new;
            if (m_we)    m_reg    <= m_new;
            if (rnd_we)  rnd_reg  <= rnd_new;
            if (busy_we) busy_reg <= busy_new;
            if (last_we) last_reg <= last_new;
            if (dv_we)   dv_reg   <= dv_new;
        end
    end
endmodule

// One BLAKE-256 round (0..13), combinational: v word i is v[32*i +: 32], message word i is
// m[32*i +: 32].
module blake256_round (
    input  wire [511:0] v,
    input  wire [511:0] m,
    input  wire [3:0]   r,
    output wire [511:0] y
);
    // constants c0..c15 (BLAKE spec v1.3 sec. 2.1.1), c_i at [32*i +: 32]
    localparam [511:0] CST = {32'hb5470917, 32'h3f84d5b5, 32'hc97c50dd, 32'hc0ac29b7,
                              32'h34e90c6c, 32'hbe5466cf, 32'h38d01377, 32'h452821e6,
                              32'hec4e6c89, 32'h082efa98, 32'h299f31d0, 32'ha4093822,
                              32'h03707344, 32'h13198a2e, 32'h85a308d3, 32'h243f6a88};
    // permutations sigma_0..sigma_9 (sec. 2.1.2; round r uses sigma_{r mod 10}),
    // element j in bits [4*j +: 4]
    reg [63:0] s;
    always @* begin
        case (r)
            4'd0, 4'd10: s = 64'hfedcba9876543210;
            4'd1, 4'd11: s = 64'h357b20c16df984ae;
            4'd2, 4'd12: s = 64'h491763eadf250c8b;
            4'd3, 4'd13: s = 64'h8f04a562ebcd1397;
            4'd4:        s = 64'hd386cb1efa427509;
            4'd5:        s = 64'h91ef57d438b0a6c2;
            4'd6:        s = 64'hb8293670a4def15c;
            4'd7:        s = 64'ha2684f05931ce7bd;
            4'd8:        s = 64'h5a417d2c803b9ef6;
            4'd9:        s = 64'h0dc3e9bf5167482a;
            default:     s = 64'hfedcba9876543210;
        endcase
    end

    // G_i adds m[s(2i)] ^ c[s(2i+1)], then m[s(2i+1)] ^ c[s(2i)]: x[j] = m[s(j)] ^ c[s(j^1)]
    wire [511:0] x;
    genvar j;
    generate
        for (j = 0; j < 16; j = j + 1) begin : g_sel
            assign x[32*j +: 32] = m[32*s[4*j +: 4] +: 32] ^ CST[32*s[4*(j^1) +: 4] +: 32];
        end
    endgenerate

    // G on {d, c, b, a}, rotations 16, 12, 8, 7
    function [127:0] g;
        input [127:0] abcd;
        input [31:0]  mx, my;
        reg [31:0] a, b, c, d;
        begin
            a = abcd[31:0]; b = abcd[63:32]; c = abcd[95:64]; d = abcd[127:96];
            a = a + b + mx; d = d ^ a; d = {d[15:0], d[31:16]};
            c = c + d;      b = b ^ c; b = {b[11:0], b[31:12]};
            a = a + b + my; d = d ^ a; d = {d[7:0],  d[31:8]};
            c = c + d;      b = b ^ c; b = {b[6:0],  b[31:7]};
            g = {d, c, b, a};
        end
    endfunction

    `define W(vec, i) vec[32*(i) +: 32]
    // columns G0..G3
    wire [127:0] c0 = g({`W(v,12), `W(v,8),  `W(v,4), `W(v,0)}, `W(x,0), `W(x,1));
    wire [127:0] c1 = g({`W(v,13), `W(v,9),  `W(v,5), `W(v,1)}, `W(x,2), `W(x,3));
    wire [127:0] c2 = g({`W(v,14), `W(v,10), `W(v,6), `W(v,2)}, `W(x,4), `W(x,5));
    wire [127:0] c3 = g({`W(v,15), `W(v,11), `W(v,7), `W(v,3)}, `W(x,6), `W(x,7));
    wire [511:0] u = {c3[127:96], c2[127:96], c1[127:96], c0[127:96],
                      c3[95:64],  c2[95:64],  c1[95:64],  c0[95:64],
                      c3[63:32],  c2[63:32],  c1[63:32],  c0[63:32],
                      c3[31:0],   c2[31:0],   c1[31:0],   c0[31:0]};
    // diagonals G4..G7: (v0,v5,v10,v15) (v1,v6,v11,v12) (v2,v7,v8,v13) (v3,v4,v9,v14)
    wire [127:0] d0 = g({`W(u,15), `W(u,10), `W(u,5), `W(u,0)}, `W(x,8),  `W(x,9));
    wire [127:0] d1 = g({`W(u,12), `W(u,11), `W(u,6), `W(u,1)}, `W(x,10), `W(x,11));
    wire [127:0] d2 = g({`W(u,13), `W(u,8),  `W(u,7), `W(u,2)}, `W(x,12), `W(x,13));
    wire [127:0] d3 = g({`W(u,14), `W(u,9),  `W(u,4), `W(u,3)}, `W(x,14), `W(x,15));
    `undef W
    assign y = {d0[127:96], d3[127:96], d2[127:96], d1[127:96],    // v15..v12
                d1[95:64],  d0[95:64],  d3[95:64],  d2[95:64],     // v11..v8
                d2[63:32],  d1[63:32],  d0[63:32],  d3[63:32],     // v7..v4
                d3[31:0],   d2[31:0],   d1[31:0],   d0[31:0]};     // v3..v0
endmodule
`default_nettype wire
