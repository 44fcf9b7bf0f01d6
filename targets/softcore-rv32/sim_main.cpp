// Verilator driver of tb.v: loads a firmware image (+firmware=FILE, one
// 32-bit little-endian word per line in hex), clocks until the firmware
// writes the exit register or +max_cycles=N passes, copies the console to
// stdout and prints "#cycles=N exit=E" last.  Exit status 3 on timeout.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include "Vtb.h"
#include "Vtb___024root.h"
#include "verilated.h"

int main(int argc, char **argv) {
    Verilated::commandArgs(argc, argv);
    // commandArgsPlusMatch returns a static buffer: copy each answer at once
    std::string fw = Verilated::commandArgsPlusMatch("firmware=");
    std::string mc = Verilated::commandArgsPlusMatch("max_cycles=");
    if (fw.empty()) { fprintf(stderr, "usage: %s +firmware=FILE [+max_cycles=N]\n", argv[0]); return 2; }
    std::string path = fw.substr(fw.find('=') + 1);
    unsigned long long max_cycles = mc.empty() ? 4000000000ULL : strtoull(mc.c_str() + mc.find('=') + 1, nullptr, 10);
    Vtb *top = new Vtb;
    FILE *f = fopen(path.c_str(), "r");
    if (!f) { perror(path.c_str()); return 2; }
    unsigned w, i = 0;
    while (fscanf(f, "%x", &w) == 1 && i < (1u << 20)) top->rootp->tb__DOT__ram[i++] = w;
    fclose(f);
    top->resetn = 0;
    for (int k = 0; k < 8; k++) { top->clk = 0; top->eval(); top->clk = 1; top->eval(); }
    top->resetn = 1;
    while (!top->done && top->cycles < max_cycles) {
        top->clk = 0; top->eval();
        top->clk = 1; top->eval();
        if (top->tx_valid) fputc(top->tx_data, stdout);
    }
    printf("\n#cycles=%llu exit=%u\n", (unsigned long long)top->cycles, top->exit_code);
    int rc = top->done ? 0 : 3;
    delete top;
    return rc;
}
