-- mblite_tb.vhd -- runs a hashbench MicroBlaze firmware image on the MB-Lite
-- core (Kranenburg and van Leuken, TU Delft; fetched by the person
-- validating, never part of hashbench) under GHDL, and serves the HAL of
-- targets/microblaze/hal.c the way the QEMU plugin mbcycles.c does.
--
-- Memory, as qemu -M petalogix-s3adsp1800 lays it out for the image:
--   0x00000000  LMB BRAM, 64 KiB (the exception vectors)
--   0x90000000  DDR: a window of DDR_WORDS words serves both the image
--               (from the base up) and the stack (down from the top of the
--               board's 128 MiB); an access that would alias the two, or
--               falls anywhere else, stops the run
--   0x84000000  UART Lite: TX FIFO at +4, status at +8 (always "not full")
-- Every access takes one cycle: the address is sampled at a rising edge and
-- the word is on the bus in the next cycle, as with the synchronous RAMs
-- MB-Lite is designed around.
--
-- The HAL's counter: hal_cycles() executes "ori r0, r0, 0x4801" and then
-- loads hb_mailbox.cycles_hi/lo.  The marker is seen here when it is
-- fetched (a fetch the pipeline then flushes arms the counter too, which is
-- harmless: only the HAL's counter functions load those mailbox words, each
-- right after its own marker); the first mailbox load after it gets the
-- cycle count of the cycle in which that load is in MEM.  That cycle is a fixed number of
-- cycles after the marker's EX cycle (hal_cycles is straight-line code with
-- no load before the mailbox loads), so every difference of two readings
-- -- all the firmware reports -- is the RTL's.  The instruction counters
-- are not observable from the core's ports and read 0.
-- hal_exit() stores the exit code into the mailbox: the run ends there.
--
-- The image file (IMAGE) holds "mailbox AAAAAAAA" and then one
-- "AAAAAAAA WWWWWWWW" line per word to load (hex, big-endian words).
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

library std;
use std.textio.all;
use std.env.all;

library mblite;
use mblite.config_Pkg.all;
use mblite.core_Pkg.all;

entity mblite_tb is
    generic (
        IMAGE       : string;
        MAX_CYCLES  : natural := 1000000000;
        DDR_WORDS   : positive := 262144;  -- 1 MiB window of DDR
        STACK_BYTES : positive := 262144   -- of which the top 256 KiB are the stack
    );
end mblite_tb;

architecture sim of mblite_tb is
    constant DDR_BASE  : unsigned(31 downto 0) := x"90000000";
    constant DDR_TOP   : natural := 16#08000000#;    -- 128 MiB
    constant UART_BASE : unsigned(31 downto 0) := x"84000000";
    constant MARK_COUNT : std_logic_vector(31 downto 0) := x"A0004801"; -- ori r0, r0, 0x4801

    type word_array is array (natural range <>) of std_logic_vector(31 downto 0);

    signal clk : std_logic := '0';
    signal rst : std_logic := '1';
    signal imem_o : imem_out_type;
    signal imem_i : imem_in_type;
    signal dmem_o : dmem_out_type;
    signal dmem_i : dmem_in_type;
    signal running : boolean := true;
begin
    clk <= not clk after 5 ns when running;
    rst <= '0' after 32 ns;
    dmem_i.ena_i <= '1';   -- no wait states

    core0 : core
        generic map (G_INTERRUPT => false, G_USE_HW_MUL => true, G_USE_BARREL => true, G_DEBUG => true)
        port map (imem_o => imem_o, dmem_o => dmem_o, imem_i => imem_i, dmem_i => dmem_i,
                  int_i => '0', rst_i => rst, clk_i => clk);

    memory : process
        variable bram : word_array(0 to 16383) := (others => (others => '0'));
        variable ddr  : word_array(0 to DDR_WORDS - 1) := (others => (others => '0'));
        variable mailbox : unsigned(31 downto 0) := (others => '0');
        variable cycle : natural := 0;
        variable armed : boolean := false;
        variable con : line;     -- console line being assembled
        variable l : line;
        variable w, a : std_logic_vector(31 downto 0);
        variable tag : string(1 to 7);
        variable good : boolean;
        variable f_ok : file_open_status;
        file img : text;

        procedure fail(msg : string; adr : unsigned(31 downto 0)) is
            variable m : line;
        begin
            if con /= null and con'length > 0 then
                writeline(output, con);
            end if;
            write(m, string'("mblite: status=crash cycles="));
            write(m, cycle);
            write(m, string'(" error=" & msg & "_at_0x"));
            hwrite(m, std_logic_vector(adr));
            writeline(output, m);
            running <= false;
            finish;
        end procedure;

        -- index of a word in bram (region 1) or ddr (region 2); 0: not memory
        procedure locate(adr : unsigned(31 downto 0); region : out natural; idx : out natural) is
            variable off : natural;
        begin
            region := 0;
            idx := 0;
            if adr(31 downto 16) = x"0000" then
                region := 1;
                idx := to_integer(adr(15 downto 2));
            elsif adr(31 downto 27) = DDR_BASE(31 downto 27) then
                off := to_integer(adr(26 downto 0));
                if off < DDR_WORDS * 4 - STACK_BYTES or off >= DDR_TOP - STACK_BYTES then
                    region := 2;
                    idx := (off / 4) mod DDR_WORDS;
                end if;
            end if;
        end procedure;

        impure function read_word(adr : unsigned(31 downto 0)) return std_logic_vector is
            variable region, idx : natural;
        begin
            locate(adr, region, idx);
            if region = 1 then
                return bram(idx);
            elsif region = 2 then
                return ddr(idx);
            elsif adr(31 downto 8) = UART_BASE(31 downto 8) then
                return x"00000000";   -- status: TX FIFO not full; RX empty
            end if;
            fail("read_outside_memory", adr);
            return x"00000000";
        end function;

        procedure write_word(adr : unsigned(31 downto 0); d : std_logic_vector(31 downto 0);
                             sel : std_logic_vector(3 downto 0)) is
            variable region, idx : natural;
            variable cur : std_logic_vector(31 downto 0);
        begin
            locate(adr, region, idx);
            if region = 0 then
                fail("write_outside_memory", adr);
            end if;
            if region = 1 then cur := bram(idx); else cur := ddr(idx); end if;
            for i in 0 to 3 loop
                if sel(i) = '1' then
                    cur(8 * i + 7 downto 8 * i) := d(8 * i + 7 downto 8 * i);
                end if;
            end loop;
            if region = 1 then bram(idx) := cur; else ddr(idx) := cur; end if;
        end procedure;

        procedure console(d : std_logic_vector(31 downto 0); sel : std_logic_vector(3 downto 0)) is
            variable b : natural := 0;
        begin
            -- a word store (hal_putc's) carries the character in its low
            -- byte; a byte store in the lane its address selects
            for i in 3 downto 0 loop
                if sel(i) = '1' then
                    b := to_integer(unsigned(d(8 * i + 7 downto 8 * i)));
                end if;
            end loop;
            if b = 10 then
                writeline(output, con);
            elsif b /= 13 then
                write(con, character'val(b));
            end if;
        end procedure;

        variable dadr : unsigned(31 downto 0);
        variable exit_code : integer;
    begin
        file_open(f_ok, img, IMAGE, read_mode);
        assert f_ok = open_ok report "mblite_tb: cannot open " & IMAGE severity failure;
        readline(img, l);
        read(l, tag);
        hread(l, a, good);
        assert good and tag = "mailbox" report "mblite_tb: no mailbox line in " & IMAGE severity failure;
        mailbox := unsigned(a);
        while not endfile(img) loop
            readline(img, l);
            hread(l, a, good);
            next when not good;
            hread(l, w, good);
            write_word(unsigned(a), w, "1111");
        end loop;
        file_close(img);

        loop
            wait until rising_edge(clk);
            -- instruction bus: the word at the address the core asks for in
            -- this cycle is on imem_i in the next one (also in reset: the
            -- word at 0 must be there when reset ends)
            if imem_o.ena_o = '1' then
                w := read_word(unsigned(imem_o.adr_o));
                imem_i.dat_i <= w;
                if w = MARK_COUNT then
                    armed := true;
                end if;
            end if;
            if rst = '0' then
                cycle := cycle + 1;
                if cycle > MAX_CYCLES then
                    fail("cycle_limit", x"00000000");
                end if;
                if dmem_o.ena_o = '1' then
                    dadr := unsigned(dmem_o.adr_o(31 downto 2)) & "00";
                    if dmem_o.we_o = '1' then
                        if dadr(31 downto 8) = UART_BASE(31 downto 8) then
                            if dadr(7 downto 0) = x"04" then
                                console(dmem_o.dat_o, dmem_o.sel_o);
                            end if;
                        else
                            write_word(dadr, dmem_o.dat_o, dmem_o.sel_o);
                        end if;
                        if dadr = mailbox + 20 then       -- exit_code: hal_exit()
                            exit_code := to_integer(signed(dmem_o.dat_o));
                            if con /= null and con'length > 0 then
                                writeline(output, con);
                            end if;
                            write(l, string'("mblite: status=exit code="));
                            write(l, exit_code);
                            write(l, string'(" cycles="));
                            write(l, cycle);
                            writeline(output, l);
                            running <= false;
                            finish;
                        elsif dadr = mailbox + 24 then    -- trap_pc: hb_trap()
                            fail("trap", unsigned(dmem_o.dat_o));
                        end if;
                    else
                        if armed and dadr >= mailbox + 4 and dadr <= mailbox + 16 then
                            armed := false;
                            write_word(mailbox + 4, x"00000000", "1111");
                            write_word(mailbox + 8, std_logic_vector(to_unsigned(cycle, 32)), "1111");
                            write_word(mailbox + 12, x"00000000", "1111");
                            write_word(mailbox + 16, x"00000000", "1111");
                        end if;
                        dmem_i.dat_i <= read_word(dadr);
                    end if;
                end if;
            end if;
        end loop;
    end process;
end sim;
