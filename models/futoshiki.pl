% Futoshiki in SWI-Prolog's CLP(FD) (Triska 2012, "The finite domain constraint solver of
% SWI-Prolog"), the approach of the project report behind futolab's seed studies: one variable
% per cell, `ins 1..N`, all_distinct/1 on every row and column, #< for every relation, then
% labeling/2, with findnsols/4 to ask for at most K solutions (K = 2 decides uniqueness).
%
% Run by the `clpfd` backend of futolab (solvers/clpfd/), or by hand:
%   swipl models/futoshiki.pl INSTANCE.pl LABELING K
% INSTANCE.pl holds one term (read with read_term/2, never consulted, so it cannot run code):
%   puzzle(N, [given(Row, Col, Value), ...], [lt(R1, C1, R2, C2), ...]).
% 1-based; lt(R1, C1, R2, C2) means x[R1,C1] < x[R2,C2]. LABELING is leftmost or ff (first
% fail: smallest domain first); K is the number of solutions wanted, 0 for all.
%
% Output, one item per line (parsed by solvers/clpfd/answer.cpp):
%   solution 2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4     each solution found, in order
%   solutions S                                  how many were printed
%   inferences I                                 logical inferences of posting + labeling
% Any error is printed on stderr and ends the program with exit status 2.
:- use_module(library(clpfd)).
:- use_module(library(apply)).
:- use_module(library(lists)).
:- initialization(main, main).

main :-
    catch(run, E, (print_message(error, E), halt(2))).

run :-
    current_prolog_flag(argv, [File, Labeling, KText]),
    atom_number(KText, K),
    integer(K), K >= 0,
    labeling_options(Labeling, Options),
    read_puzzle(File, N, Givens, Lts),
    statistics(inferences, I0),
    solve(N, Givens, Lts, Options, K, Solutions),
    statistics(inferences, I1),
    maplist(print_solution, Solutions),
    length(Solutions, S),
    format("solutions ~d~n", [S]),
    I is I1 - I0,
    format("inferences ~d~n", [I]),
    halt(0).
run :-
    format(user_error, "usage: swipl futoshiki.pl INSTANCE.pl leftmost|ff K~n", []),
    halt(2).

% Posting fails at once when propagation alone proves the puzzle unsatisfiable.
solve(N, Givens, Lts, Options, K, Solutions) :-
    (   futoshiki(N, Givens, Lts, Rows)
    ->  append(Rows, Vs),
        wanted(K, Rows, labeling(Options, Vs), Solutions)
    ;   Solutions = []
    ).

labeling_options(leftmost, [leftmost]).
labeling_options(ff, [ff]).

read_puzzle(File, N, Givens, Lts) :-
    setup_call_cleanup(open(File, read, In),
                       read_term(In, puzzle(N, Givens, Lts), []),
                       close(In)).

% The model: a Latin square over 1..N with the givens and the relations.
futoshiki(N, Givens, Lts, Rows) :-
    length(Rows, N),
    maplist(same_length(Rows), Rows),
    append(Rows, Vs),
    Vs ins 1..N,
    maplist(all_distinct, Rows),
    transpose(Rows, Columns),
    maplist(all_distinct, Columns),
    maplist(post_given(Rows), Givens),
    maplist(post_lt(Rows), Lts).

cell(Rows, R, C, X) :- nth1(R, Rows, Row), nth1(C, Row, X).
post_given(Rows, given(R, C, V)) :- cell(Rows, R, C, X), X #= V.
post_lt(Rows, lt(R1, C1, R2, C2)) :- cell(Rows, R1, C1, X), cell(Rows, R2, C2, Y), X #< Y.

% The first K solutions of Goal as copies of Template (all of them for K = 0); fewer if the
% search space holds fewer, none if it is unsatisfiable.
wanted(0, Template, Goal, Solutions) :- !, findall(Template, Goal, Solutions).
wanted(K, Template, Goal, Solutions) :-
    (   findnsols(K, Template, Goal, Solutions) -> true ; Solutions = [] ).

print_solution(Rows) :-
    maplist(row_text, Rows, Texts),
    atomic_list_concat(Texts, '/', Line),
    format("solution ~w~n", [Line]).
row_text(Row, Text) :- atomic_list_concat(Row, ' ', Text).
