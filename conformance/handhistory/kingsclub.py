"""Kings Club text hand histories (cash and tournament tables, mixed-game clubs).

The grammar below is the format. A hand starts ``#39969428: Limit Seven Card Stud Hi-Lo -
40/80`` (the structure and the game, then the small and big bet, in dollars without a sign;
amounts elsewhere may have cents and thousands commas: ``1,725.59``), then the date and the
table (``Table '8 Game Mix' Seat 6 is the button``; a tournament table is ``Table 'T123
[4]'``). Mixed tables ("8 Game Mix", "Real Deal Mix", "Bobbys Room Mix") name each hand's
game in its own header.

Third street has no header: the first ``Dealt to NAME: [X X Td]`` lines are its cards (``X``
a card nobody saw); the street headers that follow are numbered one behind (``*** 3RD STREET
***`` opens fourth street), so the machine counts them (``street="next"``) and ignores the
names. Each later street deals one card per player, ``[X]`` for a seventh-street card
nobody saw.

Amounts: ``posts ante``, ``brings in for``: the chips added; ``bets``, ``raises to``,
``calls``: the player's total on the street (``Player0 brings in for 10`` then ``Player0
calls 40`` adds 30). An uncalled bet goes back without a line and is not in the payout
(``wins pot (4,100)`` is the pot without it). The summary gives each player's stack after
the hand and net (``Seat 5: Player4 (52,376) +2,850``: checked against the record), ``Rake N``
when the site took any, and ``NAME wins pot (N)`` per winner.

Format facts from the public fpdb parser's definitions (KingsClubToFpdb.py: game names,
``brings in low``, ``wins side pot N (X)``, ``wins (X) from pot``, ``Uncalled bet (X)
returned``, ``Hand cancelled``, tournament lines, ``(disconnect)``) and the corpus.
"""

from __future__ import annotations

from stud8.conformance.handhistory.grammar import Grammar, GrammarReader, Row

_N = r"[$€£]?\d[\d,]*(?:\.\d+)?"
_NAME = r"\s?(?P<name>.+?)"
_WHO = r"(?P<who>.+?)"
_ALL_IN = r"(?:,? and is all in)?(?: and has reached the [$\d.,]+ cap)?(?: \(disconnect\))?"

GRAMMAR = Grammar(
    name="kingsclub",
    site="Kings Club",
    start=r"^#\d+: ",
    sniff_pattern=rf"\A#\d+: .+ - {_N}/{_N}\s*$",
    sniff_lines=1,
    default_limit="fixed",
    uncalled="silent",
    complete_when=("summary", "collect"),
    rows=(
        # --- the header ------------------------------------------------------------------------
        Row("header", rf"^#(?P<id>\d+): (?P<game>.+?) - (?P<small>{_N})/(?P<big>{_N})$",
            "#39969428: Limit Seven Card Stud Hi-Lo - 40/80", sections=("head",)),
        Row("header", r"^(?P<time>\d{4}[-/]\d\d[-/]\d\d(?: -)? \d\d?:\d\d:\d\d(?: .*)?)$", "2021-01-02 15:52:36",
            sections=("head",)),
        Row("header", r"^Table (?:ID )?'(?:T(?P<tournament>\d+) \[(?P<tableno>\d+)\]|(?P<table>.*?))'(?: (?P<max>\d+)-max)?"
                      r"(?: \(Play Money\))?(?: Seat #?\d+ is the button)?$",
            "Table '8 Game Mix' Seat 6 is the button", sections=("head",)),
        # --- seats -------------------------------------------------------------------------------
        Row("seat", rf"^Seat (?P<seat>\d+): {_NAME} \((?P<stack>{_N})\)$", "Seat 1: Player0 (1,725.59)",
            sections=("head", "seats")),
        # --- streets, cards and actions ----------------------------------------------------------
        Row("ante", rf"^{_NAME}: posts ante (?P<amount>{_N}){_ALL_IN}$", "Player0: posts ante 10"),
        Row("deal", rf"^Dealt to {_NAME}: (?P<cards>\[[^\]]*\])$", "Dealt to Player0: [X X Td]"),
        Row("street", r"^\*\*\* \w+ STREET \*\*\*$", "*** 3RD STREET ***", street="next"),
        Row("bring-in", rf"^{_NAME} brings[- ]in(?: low)? for (?P<amount>{_N}){_ALL_IN}$",
            "Player0 brings in for 10"),
        Row("bet", rf"^{_NAME} bets (?P<amount>{_N}){_ALL_IN}$", "Player3 bets 225, and is all in", amount="to"),
        Row("raise", rf"^{_NAME} raises {_N} to (?P<amount>{_N}){_ALL_IN}$", "Player4 raises 225 to 625", amount="to",
            source="fpdb KingsClubToFpdb.py re_Action (BET to BETTO)"),
        Row("raise", rf"^{_NAME} raises (?:to )?(?P<amount>{_N}){_ALL_IN}$", "Player4 raises to 625", amount="to"),
        Row("call", rf"^{_NAME} calls (?P<amount>{_N}){_ALL_IN}$", "Player0 calls 40", amount="to"),
        Row("check", rf"^{_NAME} checks(?: \(disconnect\))?$", "Player0 checks"),
        Row("fold", rf"^{_NAME} folds(?: \(disconnect\))?$", "Player1 folds"),
        Row("return", rf"^Uncalled bet \((?P<amount>{_N})\) returned to {_NAME}$", "Uncalled bet (40) returned to Hero",
            source="fpdb KingsClubToFpdb.py re_Uncalled"),
        Row("show", rf"^{_NAME} shows (?P<cards>\[[^\]]*\])(?: .*)?$", "Hero shows [4s Qh Qs 3d 6h As Kd]"),
        Row("muck", rf"^{_NAME} mucks(?: hand)?(?: (?P<cards>\[[^\]]*\]))?$", "Player1 mucks",
            source="by analogy: PokerStars' muck, whose format this one follows"),
        # --- the summary -------------------------------------------------------------------------
        Row("summary", r"^\*\*\* SUMMARY \*\*\*$", "*** SUMMARY ***"),
        Row("claim", rf"^Seat \d+: {_NAME} \({_N}\)(?: (?P<sign>[+-])(?P<amount>{_N}))?$",
            "Seat 5: Player4 (52,376) +2,850", claim="net", sections=("summary",)),
        Row("rake", rf"^Rake (?P<amount>{_N})$", "Rake 3.50", sections=("summary",)),
        Row("collect", rf"^{_NAME} (?:wins|ties for) (?:the )?(?:(?:high|low|hi|lo) )?(?:(?P<pot>main|side)(?: pot)? ?\d* )?pot "
                       rf"\((?P<amount>{_N})\)$",
            "Player0 wins pot (659)"),
        Row("collect", rf"^{_NAME} wins (?P<pot>side pot \d+ )?\((?P<amount>{_N})\)(?: from pot)?$",
            "Player1 wins (222.12) from pot"),
        # --- what says nothing about the chips or cards ------------------------------------------
        Row("cancel", r"^Hand cancelled$", "Hand cancelled", source="fpdb KingsClubToFpdb.py re_Cancelled"),
        Row("ignore", rf"^{_WHO} (?:sits out|has returned|is sitting out|has timed out|cashed out the hand.*|"
                      r"finished the tournament in \d+\w\w place.*|wins the tournament and receives .*|"
                      r"(?:split|wins) the .+ bounty for .*|wins .+ for (?:splitting the elimination of|eliminating) .*)$",
            "Player1 sits out", source="fpdb KingsClubToFpdb.py re_sitsOut, re_WinningRankOne/Other, re_Bounty, "
                                     "re_Progressive, re_CashedOut"),
        Row("ignore", r"^STP added: .*$", "STP added: 10", source="fpdb KingsClubToFpdb.py re_STP"),
    ),
    other_games=(
        Row("ignore", rf"^{_NAME}: (?:posts (?:the small blind|the big blind|blind)|(?:posts )?straddles?) {_N}.*$",
            "Player1: posts the small blind 11"),
        Row("ignore", rf"^{_WHO} (?:discards \[[^\]]*\] draws \[[^\]]*\](?: \[[^\]]*\])?|draws \d+|stands pat)$",
            "Hero discards [Kd] draws [3c]"),
        Row("ignore", r"^\*\*\* (?:HOLE CARDS|FLOP|TURN|RIVER|BOARD \d+ - (?:FLOP|TURN|RIVER)|\d\w\w BETTING ROUND|"
                      r"\d\w\w DRAW) \*\*\*(?: \[.*)?$", "*** 1ST DRAW ***"),
    ),
)

READER = GrammarReader(GRAMMAR)
