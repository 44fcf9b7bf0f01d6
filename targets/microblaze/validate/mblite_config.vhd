-- The configuration MB-Lite's sources read from a package named config_Pkg
-- in library mblite (its designs/*/ folders each carry one).  This is ours:
-- the hashbench firmware is linked for qemu's petalogix-s3adsp1800 board
-- (vectors at 0, everything else at 0x90000000), so the instruction and
-- data buses carry whole 32-bit addresses and mblite_tb.vhd decodes them.
-- Options: barrel shifter and multiplier on (the `microblaze` target's
-- -mxl-barrel-shift -mno-xl-soft-mul), no interrupt (the firmware uses
-- none), and every forwarding path MB-Lite offers, which is its fastest
-- configuration.
library ieee;
use ieee.std_logic_1164.all;

package config_Pkg is
    constant CFG_INTERRUPT  : boolean := false;
    constant CFG_USE_HW_MUL : boolean := true;
    constant CFG_USE_BARREL : boolean := true;
    -- clears the fields of pipeline bubbles; no effect on timing
    constant CFG_DEBUG      : boolean := true;

    constant CFG_DMEM_SIZE  : positive := 32;   -- address bits of the data bus
    constant CFG_IMEM_SIZE  : positive := 32;   -- address bits of the instruction bus
    constant CFG_BYTE_ORDER : boolean := true;  -- big-endian, as microblaze-elf

    constant CFG_REG_FORCE_ZERO : boolean := true;  -- r0 reads 0
    constant CFG_REG_FWD_WRB    : boolean := true;  -- forward the write-back value in decode
    constant CFG_MEM_FWD_WRB    : boolean := true;  -- forward a load into the next store's data

    constant CFG_DMEM_WIDTH : positive := 32;
    constant CFG_IMEM_WIDTH : positive := 32;
    constant CFG_GPRF_SIZE  : positive := 5;

    -- read by MB-Lite's address decoder, which this testbench does not use
    type memory_map_type is array(natural range <>) of std_logic_vector(CFG_DMEM_WIDTH - 1 downto 0);
    constant CFG_NUM_SLAVES : positive := 1;
    constant CFG_MEMORY_MAP : memory_map_type(0 to CFG_NUM_SLAVES) := (X"00000000", X"FFFFFFFF");
end config_Pkg;
