/*
 * mbcycles.c -- QEMU 7.2 TCG plugin: exact instruction counts and a cycle
 * model of the MicroBlaze pipelines for bare-metal hashbench firmware.
 *
 * Built by python/hashbench/targets/microblaze.py:
 *   cc -shared -fPIC -O2 -o build/microblaze/mbcycles.so mbcycles.c
 * Loaded with
 *   qemu-system-microblaze ... -plugin mbcycles.so,model=5,mailbox=0x...,out=FILE[,limit=N]
 * (model=5, 3 or mblite)
 *
 * Debian's QEMU ships no qemu-plugin.h, so the few declarations this
 * plugin uses are written below from the QEMU 7.2 plugin API
 * documentation (docs/devel/tcg-plugins.rst, API version 1).
 *
 * Talking to the firmware (targets/microblaze/hal.c): the HAL executes
 * "ori r0, r0, MAGIC" (a no-op the compiler never emits) and the plugin,
 * called before that instruction runs, acts on it:
 *   MAGIC_COUNT  write the cycle and instruction counts at this point into
 *                the mailbox (struct hb_mailbox in hal.c) in guest memory
 *   MAGIC_EXIT   the run is over: write the result file and leave QEMU
 *   MAGIC_TRAP   an exception vector was taken: report a crash
 * The mailbox is reached through qemu_plugin_insn_haddr(), the host
 * address of the executing code: code and mailbox are in the same RAM
 * block (DDR), so mailbox host address = haddr - vaddr + mailbox vaddr.
 * MicroBlaze's translator fetches without translator_ld*(), so QEMU gives
 * the plugin no instruction bytes; they are read through haddr as well.
 *
 * The cycle model (docs/targets-microblaze.md; AMD UG984 "MicroBlaze
 * Processor Reference Guide", sections "Pipeline Architecture", "Five
 * Stage Pipeline", "Three Stage Pipeline", "Branches", "Delay Slots" and
 * the Latency of each instruction in "Instructions"):
 *  model=5  C_AREA_OPTIMIZED=0, five-stage pipeline (IF OF EX MEM WB)
 *    - one instruction per cycle when nothing stalls
 *    - taken branch: 2 cycles with delay slot (D bit), 3 without; not
 *      taken conditional: 1 (bri/br/beqi/beq/rtsd pages, Latency);
 *      no branch target cache (C_USE_BRANCH_TARGET_CACHE=0)
 *    - idiv: 34 cycles (idiv page); the firmware's builds use none
 *    - data hazards ("Five Stage Pipeline"): an instruction needing the
 *      result of a load or multiply stalls 2 cycles right after it and
 *      1 cycle one instruction later (the multiply example of "Pipeline
 *      Hazard Example": add stalls in OF during cycles 3 and 4); of a
 *      barrel shift or divide, 1 cycle right after it
 *  model=3  C_AREA_OPTIMIZED=1, three-stage pipeline: no data hazards
 *    ("Three Stage Pipeline"); latency load/store 2, barrel shift 2,
 *    multiply 3, idiv 35; branches as above
 *  model=mblite  the MB-Lite core (Kranenburg and van Leuken, TU Delft;
 *    the VHDL of its hw/core/ folder), the independent cycle-exact reference
 *    `hashbench validate-models --mblite` runs the same image on (not a
 *    Xilinx pipeline):
 *    - five stages; every instruction, multiply and barrel shift included,
 *      computes in one EX cycle and forwards from EX (execute.vhd)
 *    - branches decided in EX, the fetch redirected one cycle later: taken
 *      2 cycles + delay slot, 3 without (execute.vhd flush_id/flush_ex,
 *      fetch.vhd); not taken 1
 *    - one stall when the instruction right after a load names the load's
 *      rD in bits 16-20 or 11-15 of its word, whatever its format: the
 *      check in decode.vhd compares those raw fields, so an immediate or an
 *      imm prefix whose bits match stalls too; a store's data register is
 *      forwarded from MEM and never stalls (CFG_MEM_FWD_WRB)
 *    - no divider, no MSR or cache instructions: the validation refuses
 *      images that use them
 * Memory is single-cycle (LMB BRAM or caches that always hit): no cache
 * or bus model.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- QEMU 7.2 plugin API (version 1), the parts used here ---------------- */
typedef uint64_t qemu_plugin_id_t;
typedef struct {
    const char *target_name;
    struct {
        int min;
        int cur;
    } version;
    bool system_emulation;
    union {
        struct {
            int smp_vcpus;
            int max_vcpus;
        } system;
    } u; /* anonymous in QEMU's header; named here for C99, same layout */
} qemu_info_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_CB_RW_REGS };
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb, qemu_plugin_vcpu_udata_cb_t cb,
                                          enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn, qemu_plugin_vcpu_udata_cb_t cb,
                                            enum qemu_plugin_cb_flags flags, void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
void *qemu_plugin_insn_haddr(const struct qemu_plugin_insn *insn);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void *userdata);
void qemu_plugin_outs(const char *string);
#define QEMU_PLUGIN_EXPORT __attribute__((visibility("default")))
QEMU_PLUGIN_EXPORT int qemu_plugin_version = 1;
/* -------------------------------------------------------------------------- */

#define MAGIC_COUNT 0x4801u
#define MAGIC_EXIT 0x4802u
#define MAGIC_TRAP 0x4803u
#define DDR_SIZE 0x8000000u
#define MAILBOX_TAG 0x48424d42u /* "HBMB" */
/* word offsets in struct hb_mailbox (hal.c) */
enum { MB_TAG, MB_CYC_HI, MB_CYC_LO, MB_INS_HI, MB_INS_LO, MB_EXIT, MB_TRAP_PC, MB_TRAP_ESR, MB_WORDS };

enum cls { C_ALU, C_LOAD, C_STORE, C_MUL, C_BS, C_DIV, C_BR, C_IMM, C_OTHER, C_NCLS };
static const char *const cls_name[C_NCLS] = {"alu", "load", "store", "mul", "bs", "div", "branch", "imm",
                                              "other"};

typedef struct {
    uint8_t cls;
    uint8_t dst;    /* register written (0: none; r0 never counts) */
    uint8_t src[3]; /* registers read, 0 = unused */
    uint8_t branch; /* 0 none, 1 conditional, 2 unconditional */
    uint8_t delay;  /* branch with delay slot */
    uint16_t magic;
} insn_t;

/* the model's per-class timing: occupancy (cycles until the next
 * instruction may enter EX) and the distance from this instruction's EX
 * to when a consumer may enter EX */
typedef struct {
    uint8_t occ[C_NCLS];
    uint8_t avail[C_NCLS];
} timing_t;

/* UG984 Latency values, C_AREA_OPTIMIZED=0: loads and multiplies
 * forward from WB (consumer 2 behind = 1 stall, right after = 2 stalls),
 * barrel shifts and divides from EX end (right after = 1 stall) */
static const timing_t T5 = {
    /*          alu load store mul bs div br imm other */
    .occ =    {1, 1, 1, 1, 1, 34, 1, 1, 1},
    .avail =  {1, 3, 1, 3, 2, 35, 1, 1, 1},
};
/* C_AREA_OPTIMIZED=1: no data hazards, multi-cycle instructions */
static const timing_t T3 = {
    .occ =    {1, 2, 2, 3, 2, 35, 1, 1, 1},
    .avail =  {1, 2, 2, 3, 2, 35, 1, 1, 1},
};
/* MB-Lite: single-cycle EX for everything, a load's result one cycle late
 * (its hazard sources are set by decode(), see raw_fields) */
static const timing_t TL = {
    .occ =    {1, 1, 1, 1, 1, 1, 1, 1, 1},
    .avail =  {1, 2, 1, 1, 1, 1, 1, 1, 1},
};

/* pending register results at a block boundary: up to 4 (register,
 * cycles still to wait) pairs packed into a 32-bit key */
#define NPEND 4
typedef uint32_t state_t;

#define NCACHE 4
typedef struct tbd {
    uint64_t vaddr;
    uint64_t fallthrough; /* address after the block's last instruction */
    uint32_t n;
    uint8_t end_branch;   /* kind of the branch ending the block (0 none) */
    uint8_t end_delay;    /* it has a delay slot */
    uint8_t await_delay;  /* ...which is not in this block (page end) */
    uint8_t ncache;
    state_t key[NCACHE];
    state_t out[NCACHE];
    uint32_t cost[NCACHE];
    uint32_t stalls[NCACHE];
    uint32_t ncls[C_NCLS]; /* instructions of each class */
    uint8_t *host;        /* host address of the first instruction */
    insn_t ins[];
} tbd_t;

typedef struct {
    tbd_t *tb;
    uint32_t idx;
} magic_ref;

static const timing_t *tm = &T5;
static const char *model = "5";
/* MB-Lite's load-use check reads the rA and rB fields of every instruction
 * word, not the registers the instruction uses */
static bool raw_fields;
static bool big_endian = true;
static uint64_t mailbox_va;
static uint64_t limit;
static char *out_path;

/* dynamic state (one vCPU) */
static uint64_t cycles, insns, tb_start_cycles, tb_start_insns;
static state_t cur_state, tb_entry_state;
static struct {
    bool active, await_delay, uncond, delay;
    uint64_t fallthrough;
} pend;
static uint64_t stat_cls[C_NCLS], stat_taken, stat_not_taken, stat_stall, stat_tbs;
static bool finished;

static uint32_t rd32(const uint8_t *p)
{
    return big_endian ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]
                      : (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

static void wr32(uint8_t *p, uint32_t v)
{
    int i;
    for (i = 0; i < 4; i++) p[big_endian ? i : 3 - i] = (uint8_t)(v >> (24 - 8 * i));
}

/* MicroBlaze instruction word -> class, registers, branch kind
 * (UG984 "Instructions": opcode in bits 0..5, rD 6..10, rA 11..15,
 * rB 16..20; opcode bit 2 selects the immediate (type B) form) */
static void decode(uint32_t w, insn_t *d)
{
    unsigned op = w >> 26, rd = (w >> 21) & 31, ra = (w >> 16) & 31, rb = (w >> 11) & 31;
    bool typeb = (op & 0x08) != 0;
    memset(d, 0, sizeof *d);
    d->cls = C_ALU;
    switch (op) {
    case 0x00: case 0x01: case 0x02: case 0x03: case 0x04: case 0x05: case 0x06: case 0x07: /* add, rsub, cmp */
    case 0x20: case 0x21: case 0x22: case 0x23:                                             /* or/and/xor/andn, pcmp */
        d->dst = rd, d->src[0] = ra, d->src[1] = rb;
        break;
    case 0x08: case 0x09: case 0x0a: case 0x0b: case 0x0c: case 0x0d: case 0x0e: case 0x0f: /* addi, rsubi */
    case 0x29: case 0x2a: case 0x2b:                                                        /* andi, xori, andni */
        d->dst = rd, d->src[0] = ra;
        break;
    case 0x28: /* ori; ori r0, r0, MAGIC is the HAL's call to this plugin */
        d->dst = rd, d->src[0] = ra;
        if (rd == 0 && ra == 0 && ((w & 0xffffu) >> 8) == 0x48) d->magic = (uint16_t)(w & 0xffffu);
        break;
    case 0x24: /* sra, src, srl, sext8/16, clz, swapb/h (1 cycle); wic/wdc */
        d->dst = rd, d->src[0] = ra, d->src[1] = rb;
        break;
    case 0x25: /* mts / mfs / msrset / msrclr */
        d->dst = rd, d->src[0] = ra;
        break;
    case 0x10: case 0x18: /* mul, mulh, mulhu, mulhsu / muli */
        d->cls = C_MUL, d->dst = rd, d->src[0] = ra, d->src[1] = typeb ? 0 : rb;
        break;
    case 0x11: case 0x19: /* bsrl, bsra, bsll / bsrli, bsrai, bslli, bsefi, bsifi */
        d->cls = C_BS, d->dst = rd, d->src[0] = ra, d->src[1] = typeb ? 0 : rb;
        if (typeb && ((w >> 14) & 3)) d->src[1] = rd; /* bsifi inserts into rD */
        break;
    case 0x12: /* idiv, idivu */
        d->cls = C_DIV, d->dst = rd, d->src[0] = ra, d->src[1] = rb;
        break;
    case 0x30: case 0x31: case 0x32: /* lbu, lhu, lw (+ reversed / exclusive forms) */
        d->cls = C_LOAD, d->dst = rd, d->src[0] = ra, d->src[1] = rb;
        break;
    case 0x38: case 0x39: case 0x3a: /* lbui, lhui, lwi */
        d->cls = C_LOAD, d->dst = rd, d->src[0] = ra;
        break;
    case 0x34: case 0x35: case 0x36: /* sb, sh, sw */
        d->cls = C_STORE, d->src[0] = rd, d->src[1] = ra, d->src[2] = rb;
        break;
    case 0x3c: case 0x3d: case 0x3e: /* sbi, shi, swi */
        d->cls = C_STORE, d->src[0] = rd, d->src[1] = ra;
        break;
    case 0x2c: /* imm: prefix of the next instruction's immediate */
        d->cls = C_IMM;
        break;
    case 0x26: /* br, brd, brld, bra, brad, brald; brk (ra = 0x0c) */
        d->cls = C_BR, d->branch = 2, d->delay = (ra & 0x10) != 0, d->src[0] = rb;
        if (ra & 0x04) d->dst = rd;
        break;
    case 0x2e: /* bri, brid, brlid, brai, braid, bralid; brki */
        d->cls = C_BR, d->branch = 2, d->delay = (ra & 0x10) != 0;
        if (ra & 0x04) d->dst = rd;
        break;
    case 0x27: /* beq, bne, blt, ble, bgt, bge (+d) */
        d->cls = C_BR, d->branch = 1, d->delay = (rd & 0x10) != 0, d->src[0] = ra, d->src[1] = rb;
        break;
    case 0x2f: /* beqi ... bgei (+d) */
        d->cls = C_BR, d->branch = 1, d->delay = (rd & 0x10) != 0, d->src[0] = ra;
        break;
    case 0x2d: /* rtsd, rtid, rtbd, rted: always with delay slot */
        d->cls = C_BR, d->branch = 2, d->delay = 1, d->src[0] = ra;
        break;
    default: /* stream (get/put), FPU, unused opcodes: not in hashbench builds */
        d->cls = C_OTHER, d->dst = rd, d->src[0] = ra, d->src[1] = typeb ? 0 : rb;
        break;
    }
    if (raw_fields) d->src[0] = ra, d->src[1] = rb, d->src[2] = 0;
}

/* ---- the pipeline timing of one block ------------------------------------- */

static void unpack(state_t s, int8_t avail[32])
{
    int i;
    memset(avail, 0, 32);
    for (i = 0; i < NPEND; i++, s >>= 8) {
        unsigned r = s & 31, c = (s >> 5) & 7;
        if (r && c) avail[r] = (int8_t)c;
    }
}

/* Times the block's instructions from entry (time 0) given the registers
 * still pending at entry; returns the time at which the instruction after
 * the block (fall-through timing) may enter EX, the pending state at that
 * time, and (stop_at < n) the EX time of instruction stop_at. */
static uint32_t simulate(const tbd_t *tb, state_t in, state_t *out, uint32_t stop_at, uint64_t *stalls)
{
    /* availability times relative to block entry; idiv's 35 fits int32 */
    int32_t avail[32];
    int8_t a8[32];
    uint32_t t = 0, i;
    int k;
    unpack(in, a8);
    for (i = 0; i < 32; i++) avail[i] = a8[i];
    for (i = 0; i < tb->n; i++) {
        const insn_t *d = &tb->ins[i];
        uint32_t e = t;
        for (k = 0; k < 3; k++)
            if (d->src[k] && avail[d->src[k]] > (int32_t)e) e = (uint32_t)avail[d->src[k]];
        if (stalls) *stalls += e - t;
        if (i == stop_at) return e;
        if (d->dst) avail[d->dst] = (int32_t)(e + tm->avail[d->cls]);
        t = e + tm->occ[d->cls];
    }
    if (out) {
        state_t s = 0;
        int n = 0;
        for (i = 1; i < 32 && n < NPEND; i++) {
            int32_t c = avail[i] - (int32_t)t;
            if (c > 0) {
                if (c > 7) c = 7;
                s |= (state_t)(i | (unsigned)c << 5) << (8 * n++);
            }
        }
        *out = s;
    }
    return t;
}

/* a taken branch's refill cycles pass before the next block: pending
 * results come closer by as much */
static state_t advance(state_t s, unsigned by)
{
    state_t o = 0;
    int i, n = 0;
    for (i = 0; i < NPEND; i++, s >>= 8) {
        unsigned r = s & 31, c = (s >> 5) & 7;
        if (r && c > by) o |= (state_t)(r | (c - by) << 5) << (8 * n++);
    }
    return o;
}

/* ---- results ---------------------------------------------------------------- */

static void write_result(const char *status, long code, const char *extra)
{
    FILE *f;
    int i;
    if (finished) return;
    finished = true;
    f = out_path ? fopen(out_path, "w") : NULL;
    if (!f) f = stderr;
    fprintf(f, "status=%s code=%ld cycles=%" PRIu64 " instructions=%" PRIu64 " model=%s tbs=%" PRIu64
               " taken=%" PRIu64 " not_taken=%" PRIu64 " stall_cycles=%" PRIu64,
            status, code, cycles, insns, model, stat_tbs, stat_taken, stat_not_taken, stat_stall);
    for (i = 0; i < C_NCLS; i++) fprintf(f, " n_%s=%" PRIu64, cls_name[i], stat_cls[i]);
    fprintf(f, "%s%s\n", extra ? " " : "", extra ? extra : "");
    fflush(f);
    if (f != stderr) fclose(f);
}

static uint8_t *mailbox_host(const tbd_t *tb)
{
    uint8_t *mb;
    /* both in the board's 128 MiB DDR block, which QEMU maps contiguously */
    if (!tb->host || mailbox_va < tb->vaddr || mailbox_va - tb->vaddr >= DDR_SIZE) return NULL;
    mb = tb->host + (mailbox_va - tb->vaddr);
    return rd32(mb) == MAILBOX_TAG ? mb : NULL;
}

static void on_magic(unsigned int vcpu, void *ud)
{
    magic_ref *m = ud;
    const tbd_t *tb = m->tb;
    uint8_t *mb = mailbox_host(tb);
    uint16_t magic = tb->ins[m->idx].magic;
    (void)vcpu;
    if (!mb) {
        write_result("crash", -1, "error=mailbox_not_found");
        _exit(3);
    }
    if (magic == MAGIC_COUNT) {
        uint64_t c = tb_start_cycles + simulate(tb, tb_entry_state, NULL, m->idx, NULL);
        uint64_t n = tb_start_insns + m->idx;
        wr32(mb + 4 * MB_CYC_HI, (uint32_t)(c >> 32));
        wr32(mb + 4 * MB_CYC_LO, (uint32_t)c);
        wr32(mb + 4 * MB_INS_HI, (uint32_t)(n >> 32));
        wr32(mb + 4 * MB_INS_LO, (uint32_t)n);
    } else if (magic == MAGIC_EXIT) {
        write_result("exit", (long)(int32_t)rd32(mb + 4 * MB_EXIT), NULL);
        _exit(0);
    } else if (magic == MAGIC_TRAP) {
        char buf[96];
        snprintf(buf, sizeof buf, "trap_pc=0x%08x trap_esr=0x%08x", rd32(mb + 4 * MB_TRAP_PC),
                 rd32(mb + 4 * MB_TRAP_ESR));
        write_result("crash", -1, buf);
        _exit(0);
    }
}

static void on_tb(unsigned int vcpu, void *ud)
{
    tbd_t *tb = ud;
    state_t st = cur_state;
    uint32_t cost, stalls;
    int i;
    (void)vcpu;
    if (pend.active) {
        if (pend.await_delay) {
            pend.await_delay = false; /* this block is the delay slot */
        } else {
            bool taken = pend.uncond || tb->vaddr != pend.fallthrough;
            pend.active = false;
            if (taken) {
                unsigned pen = pend.delay ? 1 : 2;
                stat_taken++;
                cycles += pen;
                st = advance(st, pen);
            } else {
                stat_not_taken++;
            }
        }
    }
    tb_start_cycles = cycles;
    tb_start_insns = insns;
    tb_entry_state = st;
    for (i = 0; i < tb->ncache && tb->key[i] != st; i++) {
    }
    if (i < tb->ncache) {
        cost = tb->cost[i], stalls = tb->stalls[i], cur_state = tb->out[i];
    } else {
        uint64_t s = 0;
        state_t out;
        cost = simulate(tb, st, &out, UINT32_MAX, &s);
        stalls = (uint32_t)s;
        cur_state = out;
        if (i < NCACHE) {
            tb->key[i] = st, tb->out[i] = out, tb->cost[i] = cost, tb->stalls[i] = stalls;
            tb->ncache++;
        }
    }
    cycles += cost;
    stat_stall += stalls;
    insns += tb->n;
    for (i = 0; i < C_NCLS; i++) stat_cls[i] += tb->ncls[i];
    stat_tbs++;
    if (tb->end_branch) {
        pend.active = true;
        pend.await_delay = tb->await_delay;
        pend.uncond = tb->end_branch == 2;
        pend.delay = tb->end_delay;
        pend.fallthrough = tb->await_delay ? tb->fallthrough + 4 : tb->fallthrough;
    }
    if (limit && insns > limit) {
        write_result("limit", -1, NULL);
        _exit(0);
    }
}

static void *xcalloc(size_t n)
{
    void *p = calloc(1, n);
    if (!p) {
        write_result("crash", -1, "error=out_of_memory");
        _exit(5);
    }
    return p;
}

static void on_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *qtb)
{
    size_t n = qemu_plugin_tb_n_insns(qtb), i;
    tbd_t *tb = xcalloc(sizeof *tb + n * sizeof(insn_t));
    (void)id;
    tb->vaddr = qemu_plugin_tb_vaddr(qtb);
    tb->n = (uint32_t)n;
    for (i = 0; i < n; i++) {
        struct qemu_plugin_insn *qi = qemu_plugin_tb_get_insn(qtb, i);
        uint8_t *h = qemu_plugin_insn_haddr(qi);
        uint64_t va = qemu_plugin_insn_vaddr(qi);
        if (i == 0) tb->host = h;
        if (!h || (tb->host && h != tb->host + (va - tb->vaddr))) {
            /* code outside RAM, or a block across a page boundary mapped
             * elsewhere: the firmware never does either */
            char msg[96];
            snprintf(msg, sizeof msg, "error=no_host_code_at_0x%08" PRIx64, va);
            write_result("crash", -1, msg);
            _exit(4);
        }
        decode(rd32(h), &tb->ins[i]);
        tb->ncls[tb->ins[i].cls]++;
        if (tb->ins[i].magic) {
            magic_ref *m = xcalloc(sizeof *m);
            m->tb = tb;
            m->idx = (uint32_t)i;
            qemu_plugin_register_vcpu_insn_exec_cb(qi, on_magic, QEMU_PLUGIN_CB_NO_REGS, m);
        }
    }
    tb->fallthrough = tb->vaddr + 4 * n;
    if (n >= 1 && tb->ins[n - 1].branch) {
        tb->end_branch = tb->ins[n - 1].branch;
        tb->end_delay = tb->ins[n - 1].delay;
        tb->await_delay = tb->end_delay;
    } else if (n >= 2 && tb->ins[n - 2].branch && tb->ins[n - 2].delay) {
        tb->end_branch = tb->ins[n - 2].branch;
        tb->end_delay = 1;
    }
    qemu_plugin_register_vcpu_tb_exec_cb(qtb, on_tb, QEMU_PLUGIN_CB_NO_REGS, tb);
}

static void on_exit_cb(qemu_plugin_id_t id, void *p)
{
    (void)id, (void)p;
    write_result("quit", -1, NULL);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv);
QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
    int i;
    big_endian = strcmp(info->target_name, "microblazeel") != 0;
    for (i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strncmp(a, "model=", 6)) {
            model = strdup(a + 6);
            if (!strcmp(model, "5")) {
                tm = &T5;
            } else if (!strcmp(model, "3")) {
                tm = &T3;
            } else if (!strcmp(model, "mblite")) {
                tm = &TL, raw_fields = true;
            } else {
                qemu_plugin_outs("mbcycles: model must be 3, 5 or mblite\n");
                return -1;
            }
        } else if (!strncmp(a, "mailbox=", 8)) {
            mailbox_va = strtoull(a + 8, NULL, 0);
        } else if (!strncmp(a, "limit=", 6)) {
            limit = strtoull(a + 6, NULL, 0);
        } else if (!strncmp(a, "out=", 4)) {
            out_path = strdup(a + 4);
        } else {
            qemu_plugin_outs("mbcycles: unknown argument\n");
            return -1;
        }
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_trans);
    qemu_plugin_register_atexit_cb(id, on_exit_cb, NULL);
    return 0;
}
