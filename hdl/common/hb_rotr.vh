// rotr(x, n): rotate a W-bit word right by n (a constant in every use, so wiring); included
// inside a module that defines W.
function [W-1:0] rotr;
    input [W-1:0] x;
    input integer n;
    rotr = (x >> n) | (x << (W - n));
endfunction
