/*
 * simavr_run.c -- run one hashbench firmware ELF on simavr (libsimavr) and
 * serve the HAL of targets/avr/hal_avr.c.  Built by the Python runner
 * (python/hashbench/targets/avr.py) on first use into build/avr/.
 *
 *   simavr_run MCU HZ MAX_CYCLES FIRMWARE.elf
 *
 * The HAL talks through the three general-purpose I/O registers, which
 * every supported MCU has at the same data addresses and which nothing
 * else in the firmware uses:
 *   GPIOR0 (0x3E) write: 1 latch cycles, 2 latch instructions, 3 exit
 *   GPIOR1 (0x4A) read : next byte (little endian) of the latched value
 *   GPIOR2 (0x4B) write: console byte -> stdout
 * Cycles are simavr's avr->cycle, latched at the write instruction itself.
 * Instructions are counted here: avr_run() executes one instruction per
 * call while the core is running.
 *
 * stderr gets one summary line:
 *   sim status=exit|limit|crash|done cycles=C instructions=I sp_min=A ramend=R
 * Exit status 0 only for status=exit (the firmware's own exit marker).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <simavr/sim_avr.h>
#include <simavr/sim_elf.h>
#include <simavr/sim_io.h>

#define IO_CMD 0x3E
#define IO_DATA 0x4A
#define IO_PUTC 0x4B

struct hb_sim {
    uint64_t insns;
    uint8_t latch[8];
    int idx;
    int exited;
};

static void on_cmd(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    struct hb_sim *s = param;
    uint64_t x = v == 1 ? (uint64_t)avr->cycle : s->insns;
    int i;
    (void)addr;
    if (v == 3) {
        s->exited = 1;
        return;
    }
    for (i = 0; i < 8; i++) s->latch[i] = (uint8_t)(x >> (8 * i));
    s->idx = 0;
}

static uint8_t on_data(avr_t *avr, avr_io_addr_t addr, void *param)
{
    struct hb_sim *s = param;
    (void)avr;
    (void)addr;
    return s->latch[s->idx++ & 7];
}

static void on_putc(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    (void)avr;
    (void)addr;
    (void)param;
    putchar(v);
}

/* while the CPU sleeps, simavr's default waits the matching wall-clock
 * time; a benchmark never wants to wait */
static void no_sleep(avr_t *avr, avr_cycle_count_t how_long)
{
    (void)avr;
    (void)how_long;
}

int main(int argc, char **argv)
{
    elf_firmware_t fw;
    avr_t *avr;
    struct hb_sim s;
    uint64_t max_cycles;
    unsigned sp, sp_min = 0xFFFF;
    const char *status = "done";
    int state;

    if (argc != 5) {
        fprintf(stderr, "usage: %s MCU HZ MAX_CYCLES FIRMWARE.elf\n", argv[0]);
        return 2;
    }
    memset(&fw, 0, sizeof fw);
    memset(&s, 0, sizeof s);
    if (elf_read_firmware(argv[4], &fw) != 0) {
        fprintf(stderr, "sim status=crash error=cannot-read-elf\n");
        return 2;
    }
    strncpy(fw.mmcu, argv[1], sizeof fw.mmcu - 1);
    fw.frequency = (uint32_t)strtoul(argv[2], NULL, 10);
    max_cycles = strtoull(argv[3], NULL, 10);
    avr = avr_make_mcu_by_name(fw.mmcu);
    if (!avr) {
        fprintf(stderr, "sim status=crash error=unknown-mcu\n");
        return 2;
    }
    avr_init(avr);
    avr->log = LOG_WARNING;
    avr->sleep = no_sleep;
    avr_load_firmware(avr, &fw);
    avr_register_io_write(avr, IO_CMD, on_cmd, &s);
    avr_register_io_read(avr, IO_DATA, on_data, &s);
    avr_register_io_write(avr, IO_PUTC, on_putc, &s);

    for (;;) {
        int running = avr->state == cpu_Running;
        state = avr_run(avr);
        if (running) s.insns++;
        sp = avr->data[R_SPL] | ((unsigned)avr->data[R_SPH] << 8);
        if (sp < sp_min) sp_min = sp;
        if (s.exited) {
            status = "exit";
            break;
        }
        if (state == cpu_Done) break;
        if (state == cpu_Crashed) {
            status = "crash";
            break;
        }
        if (avr->cycle >= max_cycles) {
            status = "limit";
            break;
        }
    }
    fflush(stdout);
    fprintf(stderr, "sim status=%s cycles=%llu instructions=%llu sp_min=%u ramend=%u pc=%u\n", status,
            (unsigned long long)avr->cycle, (unsigned long long)s.insns, sp_min, (unsigned)avr->ramend,
            (unsigned)avr->pc);
    return s.exited ? 0 : 1;
}
