#include "hal_mmio.h"
static void num(const char *k, unsigned long v){ char b[24]; int i=0; hal_puts(k); do{b[i++]='0'+v%10;v/=10;}while(v); while(i) hal_putc(b[--i]); hal_putc('\n'); }
#define R8(x) x x x x x x x x
#define R64(x) R8(R8(x))
#define T(name, body) do { unsigned long c0, c1; c0 = (unsigned long)hal_cycles(); __asm__ volatile(body ::: "a0","a1","a2","memory"); c1 = (unsigned long)hal_cycles(); num(name, c1 - c0); } while (0)
int main(void){
  T("empty=", "");
  T("add=", R64("add a0,a0,a1\n"));
  T("addi=", R64("addi a0,a0,1\n"));
  T("slli=", R64("slli a0,a0,3\n"));
  T("sll=", R64("sll a0,a0,a1\n"));
  T("lw=", R64("lw a0,0(sp)\n"));
  T("sw=", R64("sw a0,-64(sp)\n"));
  T("lbu=", R64("lbu a0,0(sp)\n"));
  T("bne_nt=", R64("bne x0,x0,.+8\n"));
  T("beq_t=", R64("beq x0,x0,.+4\n"));
  T("jal=", R64("jal x0,.+4\n"));
  T("lui=", R64("lui a0,1\n"));
  T("mul=", R8("mul a0,a0,a1\n"));
  T("divu=", R8("divu a0,a0,a1\n"));
  T("c.add=", R64("c.add a0,a1\n"));
  T("c.lwsp=", R64("c.lwsp a0,0(sp)\n"));
  T("auipc_jalr=", R64("auipc a2,0\njalr x0,8(a2)\n"));
  T("auipc=", R64("auipc a2,0\n"));
  /* 32-bit instructions: word-aligned, and at 2 mod 4 (after one c.nop) */
#define W32(x) ".option push\n.option norvc\n" x ".option pop\n"
  T("add32_aligned=", ".balign 4\n" R64(W32("add a0,a0,a1\n")));
  T("add32_misaligned=", ".balign 4\nc.nop\n" R64(W32("add a0,a0,a1\n")));
  T("lw32_aligned=", ".balign 4\n" R64(W32("lw a0,0(sp)\n")));
  T("lw32_misaligned=", ".balign 4\nc.nop\n" R64(W32("lw a0,0(sp)\n")));
  T("c.nop=", ".balign 4\nc.nop\n");
  return 0; }
