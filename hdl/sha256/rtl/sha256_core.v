// SHA-256 core (FIPS 180-4 §6.2), basic iterative architecture: one round per clock.
// Interface: hdl/README.md.  Padding is done by the host (python/hashbench/hw/padding/sha2.py).
//
// Cycles (counted from the edge that samples the command to the edge that may take the next):
//   start     1   H and the working variables a..h <= IV
//   block    65   round 0 in the cycle that takes the block (the working variables already
//                 hold H), rounds 1..63, then one cycle H <= H + a..h (also copied to a..h,
//                 so the next block can start its round 0 at once)
//   last block: digest_valid with ready, no extra finalisation cycle.
// Message schedule: 16-word shift register; during round t >= 1 it holds W[t-1..t+14].
// Register style: x_reg / x_new / x_we, one clocked block, one combinational block.
module sha256_core (
    input  wire         clk,
    input  wire         rst,
    input  wire         start,
    input  wire         blk_valid,
    input  wire [511:0] blk,
    input  wire [63:0]  count,        // unused by SHA-2
    input  wire         last,
    output wire         ready,
    output wire [255:0] digest,
    output wire         digest_valid
);
    // IV: FIPS 180-4 §5.3.3 (derived by hdl/common/sha2_constants.py)
    localparam [255:0] IV = {32'h6a09e667, 32'hbb67ae85, 32'h3c6ef372, 32'ha54ff53a,
                             32'h510e527f, 32'h9b05688c, 32'h1f83d9ab, 32'h5be0cd19};

    // K: FIPS 180-4 §4.2.2 (derived by hdl/common/sha2_constants.py 32)
    function [31:0] k;
        input [5:0] t;
        begin
            case (t)
            6'd0 : k = 32'h428a2f98;
            6'd1 : k = 32'h71374491;
            6'd2 : k = 32'hb5c0fbcf;
            6'd3 : k = 32'he9b5dba5;
            6'd4 : k = 32'h3956c25b;
            6'd5 : k = 32'h59f111f1;
            6'd6 : k = 32'h923f82a4;
            6'd7 : k = 32'hab1c5ed5;
            6'd8 : k = 32'hd807aa98;
            6'd9 : k = 32'h12835b01;
            6'd10: k = 32'h243185be;
            6'd11: k = 32'h550c7dc3;
            6'd12: k = 32'h72be5d74;
            6'd13: k = 32'h80deb1fe;
            6'd14: k = 32'h9bdc06a7;
            6'd15: k = 32'hc19bf174;
            6'd16: k = 32'he49b69c1;
            6'd17: k = 32'hefbe4786;
            6'd18: k = 32'h0fc19dc6;
            6'd19: k = 32'h240ca1cc;
            6'd20: k = 32'h2de92c6f;
            6'd21: k = 32'h4a7484aa;
            6'd22: k = 32'h5cb0a9dc;
            6'd23: k = 32'h76f988da;
            6'd24: k = 32'h983e5152;
            6'd25: k = 32'ha831c66d;
            6'd26: k = 32'hb00327c8;
            6'd27: k = 32'hbf597fc7;
            6'd28: k = 32'hc6e00bf3;
            6'd29: k = 32'hd5a79147;
            6'd30: k = 32'h06ca6351;
            6'd31: k = 32'h14292967;
            6'd32: k = 32'h27b70a85;
            6'd33: k = 32'h2e1b2138;
            6'd34: k = 32'h4d2c6dfc;
            6'd35: k = 32'h53380d13;
            6'd36: k = 32'h650a7354;
            6'd37: k = 32'h766a0abb;
            6'd38: k = 32'h81c2c92e;
            6'd39: k = 32'h92722c85;
            6'd40: k = 32'ha2bfe8a1;
            6'd41: k = 32'ha81a664b;
            6'd42: k = 32'hc24b8b70;
            6'd43: k = 32'hc76c51a3;
            6'd44: k = 32'hd192e819;
            6'd45: k = 32'hd6990624;
            6'd46: k = 32'hf40e3585;
            6'd47: k = 32'h106aa070;
            6'd48: k = 32'h19a4c116;
            6'd49: k = 32'h1e376c08;
            6'd50: k = 32'h2748774c;
            6'd51: k = 32'h34b0bcb5;
            6'd52: k = 32'h391c0cb3;
            6'd53: k = 32'h4ed8aa4a;
            6'd54: k = 32'h5b9cca4f;
            6'd55: k = 32'h682e6ff3;
            6'd56: k = 32'h748f82ee;
            6'd57: k = 32'h78a5636f;
            6'd58: k = 32'h84c87814;
            6'd59: k = 32'h8cc70208;
            6'd60: k = 32'h90befffa;
            6'd61: k = 32'ha4506ceb;
            6'd62: k = 32'hbef9a3f7;
            6'd63: k = 32'hc67178f2;
            default: k = 32'h0;
            endcase
        end
    endfunction

    function [31:0] rotr;
        input [31:0] x;
        input integer n;
        rotr = (x >> n) | (x << (32 - n));
    endfunction

    // ---- registers ---------------------------------------------------------
    reg [255:0] h_reg;   reg [255:0] h_new;   reg h_we;     // H0..H7, H0 in the top word
    reg [255:0] v_reg;   reg [255:0] v_new;   reg v_we;     // a..h, a in the top word
    reg [511:0] w_reg;   reg [511:0] w_new;   reg w_we;     // schedule, w[0] in the top word
    reg [5:0]   t_reg;   reg [5:0]   t_new;   reg t_we;     // round counter
    reg         busy_reg, busy_new;                         // rounds running
    reg         fin_reg,  fin_new;                          // the H <= H + a..h cycle
    reg         last_reg, last_new;
    reg         ready_reg, ready_new;
    reg         dv_reg,   dv_new;
    reg         ctl_we;

    assign ready        = ready_reg;
    assign digest       = h_reg;
    assign digest_valid = dv_reg;

    always @(posedge clk) begin
        if (rst) begin
            busy_reg <= 1'b0; fin_reg <= 1'b0; last_reg <= 1'b0;
            ready_reg <= 1'b1; dv_reg <= 1'b0; t_reg <= 6'd0;
        end else begin
            if (h_we) h_reg <= h_new;
            if (v_we) v_reg <= v_new;
            if (w_we) w_reg <= w_new;
            if (t_we) t_reg <= t_new;
            if (ctl_we) begin
                busy_reg <= busy_new; fin_reg <= fin_new; last_reg <= last_new;
                ready_reg <= ready_new; dv_reg <= dv_new;
            end
        end
    end

    // ---- datapath ------------------------------------------------------------
    wire [31:0] a = v_reg[255:224], b = v_reg[223:192], c = v_reg[191:160], d = v_reg[159:128];
    wire [31:0] e = v_reg[127:96],  f = v_reg[95:64],   g = v_reg[63:32],   h = v_reg[31:0];
    wire        load = blk_valid & ready_reg;
    wire [31:0] wt = load ? blk[511:480] : w_reg[479:448];   // W[t]: block word 0 or w[1]

    wire [31:0] s1  = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
    wire [31:0] ch  = (e & f) ^ (~e & g);
    wire [31:0] s0  = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
    wire [31:0] maj = (a & b) ^ (a & c) ^ (b & c);
    reg  [31:0] kt;                 // K[t] (a reg: iverilog re-evaluates functions in assigns)
    always @* kt = k(t_reg);
    wire [31:0] t1  = h + s1 + ch + kt + wt;
    wire [31:0] t2  = s0 + maj;
    wire [255:0] round_out = {t1 + t2, a, b, c, d + t1, e, f, g};

    wire [31:0] w0 = w_reg[511:480], w1 = w_reg[479:448], w9 = w_reg[223:192], w14 = w_reg[63:32];
    wire [31:0] ss0 = rotr(w1, 7) ^ rotr(w1, 18) ^ (w1 >> 3);
    wire [31:0] ss1 = rotr(w14, 17) ^ rotr(w14, 19) ^ (w14 >> 10);
    wire [31:0] w16 = ss1 + w9 + ss0 + w0;

    wire [255:0] h_sum;
    genvar i;
    generate
        for (i = 0; i < 8; i = i + 1) begin : add
            assign h_sum[32*i +: 32] = h_reg[32*i +: 32] + v_reg[32*i +: 32];
        end
    endgenerate

    // ---- control -------------------------------------------------------------
    always @* begin
        h_new = h_sum;  h_we = 1'b0;
        v_new = round_out; v_we = 1'b0;
        w_new = {w_reg[479:0], w16}; w_we = 1'b0;
        t_new = t_reg + 6'd1; t_we = 1'b0;
        busy_new = busy_reg; fin_new = fin_reg; last_new = last_reg;
        ready_new = ready_reg; dv_new = dv_reg; ctl_we = 1'b0;

        if (fin_reg) begin
            h_we = 1'b1;
            v_new = h_sum; v_we = 1'b1;
            t_new = 6'd0; t_we = 1'b1;
            fin_new = 1'b0; busy_new = 1'b0; ready_new = 1'b1; dv_new = last_reg;
            ctl_we = 1'b1;
        end else if (busy_reg) begin
            v_we = 1'b1; w_we = 1'b1; t_we = 1'b1;
            if (t_reg == 6'd63) begin
                fin_new = 1'b1; ctl_we = 1'b1;
            end
        end else if (start & ready_reg) begin
            h_new = IV; h_we = 1'b1;
            v_new = IV; v_we = 1'b1;
            t_new = 6'd0; t_we = 1'b1;
            dv_new = 1'b0; ctl_we = 1'b1;
        end else if (load) begin
            v_we = 1'b1;                       // round 0
            w_new = blk; w_we = 1'b1;
            t_we = 1'b1;                       // t <= 1
            busy_new = 1'b1; ready_new = 1'b0; last_new = last; dv_new = 1'b0;
            ctl_we = 1'b1;
        end
    end
endmodule
