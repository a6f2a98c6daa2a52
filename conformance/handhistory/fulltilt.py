"""Full Tilt Poker text hand histories (2006 to 2013 clients; cash, Sit & Go and tournaments).

The grammar below is the format, line by line. A hand starts ``Full Tilt Poker Game #ID:``
(``FullTiltPoker Game #`` in 2006). The header names the table (``Table NAME``, a tournament
``NAME (ID), Table N``, attributes in parentheses: ``(deep)``, ``(New to the Game)``), the
stakes (the small and big bet of a limit game, ``Ante X``) and the game (``Limit Stud H/L``,
``Limit Stud Hi``, ``Limit Razz``, ``Limit 5 Card Stud``, ``FL Badugi``, ``No Limit Hold'em``...),
in that order or, from 2013, the game before the stakes; then the time (``ET``, or the local
time with the ET time in brackets). Each hand names its own game: a HORSE or 8-Game table's
history says only the game of each hand.

Amounts: ``antes``, ``brings in for``, ``calls``, ``bets``: the chips added; ``completes it
to``, ``raises to``: the total on the street. ``, and is all in`` marks an all-in. Cards:
``Dealt to NAME [...] [NEW]``: the last group is the street's cards (third street: the up
card of an opponent, the two down cards and the up card of the player whose history it is),
the earlier group the cards so far. Seats listed ``is sitting out`` are in the hand only if
they ante or are dealt (a heads-up Sit & Go deals in a player sitting out).

Payout: ``NAME wins the pot ($X)``, ``wins the high/low [main|side] pot [#N]``, ``ties for
...``; ``Uncalled bet of $X returned to NAME``; the summary's ``Total pot $X [Main pot $A.
Side pot $B.] | Rake $Y`` (the total before rake); the summary's ``collected ($X)`` and ``won
($X)`` restate what each player won and are checked against it; ``mucked [cards]`` in the
summary is the only place a mucked hand's cards are printed.

From 2016 Full Tilt wrote PokerStars' format (``Full Tilt Hand #``): that is read by the
PokerStars reader (``pokerstars.py``).

Format facts from the public fpdb parser's definitions (FullTiltPokerToFpdb.py: header
variants, time formats, mixed tables, ``Ante of $X returned``, cancelled hands) and the
corpus in ``shared/site-hands`` (see docs/audit.md's formats table).
"""

from __future__ import annotations

from stud8.conformance.handhistory.grammar import MONEY, Grammar, GrammarReader, Row

_M = MONEY
_NAME = r"(?P<name>.+?)"
_WHO = r"(?P<who>.+?)"
"""A name that need not be seated in the hand (a player joining, an observer)."""
_ALL_IN = r"(?:,? and is all[ -]in)?"
_MARKS = r"(?: \((?:button|small blind|big blind)\))*"
_TIME = r"(?P<time>\d{1,2}:\d{2}(?::\d{2})? \w+ - .+?)"
_WHERE = (r"(?:.+ \((?P<tournament>\d+)\), )?(?:Table |Match )?(?:Play Chip |PC)?(?P<table>.+?)"
          r"(?: \((?P<attributes>[^()]*)\))?")
_STAKES = rf"(?P<small>{_M})/(?P<big>{_M})(?: Ante (?P<ante>{_M}))?(?: - (?P<cap>{_M}) Cap)?"
_GAME = r"(?P<game>.+?)"

GRAMMAR = Grammar(
    name="fulltilt",
    site="Full Tilt Poker",
    start=r"^(?:Full Tilt Poker|FullTiltPoker) Game #\d+",
    streets={"2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7},
    complete_when=("pot",),
    rows=(
        # --- the header ------------------------------------------------------------------------
        Row("header", rf"^(?:Full Tilt Poker|FullTiltPoker) Game #(?P<id>\d+): {_WHERE} - {_STAKES} - {_GAME} - "
                      rf"{_TIME}(?: \(partial\))?$",
            "Full Tilt Poker Game #29408130000: Table XGod_Of_WarX - $2/$4 Ante $0.40 - Limit Stud H/L - "
            "01:12:00 ET - 2011/03/28", sections=("head",)),
        Row("header", rf"^(?:Full Tilt Poker|FullTiltPoker) Game #(?P<id>\d+): {_WHERE} - {_GAME} - {_STAKES} - "
                      rf"{_TIME}(?: \(partial\))?$",
            "Full Tilt Poker Game #32617272179: Table Clackers (New to the Game) - FL Badugi - $0.10/$0.20 - "
            "10:18:16 ET - 2013/05/08", sections=("head",)),
        # --- seats -------------------------------------------------------------------------------
        Row("seat", rf"^Seat (?P<seat>\d+): {_NAME} \((?P<stack>{_M})\)(?:, is sitting out)?$",
            "Seat 6: Player6 ($43.60), is sitting out", sections=("head", "seats")),
        Row("ignore", r"^The button is in seat #\d+$", "The button is in seat #4"),
        # --- streets and cards -------------------------------------------------------------------
        Row("street", r"^\*\*\* (?P<street>\d(?:ND|RD|TH)) STREET \*\*\*(?: \(Total Pot: .*\))?$",
            "*** 3RD STREET *** (Total Pot: 12, 2 Players, 1 All-In)"),
        Row("deal", rf"^Dealt to {_NAME} (?P<cards>(?:\[[^\]]*\] ?)+)$", "Dealt to Hero [5d Ah Ad] [6h]"),
        Row("ignore", rf"^{_NAME} is (?:low|high) with \[[^\]]*\]$", "Player1 is low with [3c]"),
        # --- actions -----------------------------------------------------------------------------
        Row("ante", rf"^{_NAME} antes (?P<amount>{_M}){_ALL_IN}$", "Player0 antes 6, and is all in"),
        Row("return", rf"^Ante of (?P<amount>{_M}) returned to {_NAME}$", "Ante of $0.40 returned to Player5",
            source="fpdb FulltiltToFpdb.py re_ReturnsAnte"),
        Row("bring-in", rf"^{_NAME} brings in for (?P<amount>{_M}){_ALL_IN}$", "Villain brings in for 9, and is all in"),
        Row("complete", rf"^{_NAME} completes it to (?P<amount>{_M}){_ALL_IN}$", "Hero completes it to $2",
            amount="to"),
        Row("bet", rf"^{_NAME} bets (?P<amount>{_M}){_ALL_IN}$", "Hero bets $4"),
        Row("raise", rf"^{_NAME} raises to (?P<amount>{_M}){_ALL_IN}$", "Player4 raises to 1,345, and is all in",
            amount="to"),
        Row("call", rf"^{_NAME} calls (?P<amount>{_M}){_ALL_IN}$", "Player0 calls 255, and is all in"),
        Row("check", rf"^{_NAME} checks$", "Hero checks"),
        Row("fold", rf"^{_NAME} folds$", "Player3 folds"),
        Row("return", rf"^Uncalled bet of (?P<amount>{_M}) returned to {_NAME}$", "Uncalled bet of $4 returned to Hero"),
        # --- the showdown ------------------------------------------------------------------------
        Row("showdown", r"^\*\*\* SHOW DOWN \*\*\*$", "*** SHOW DOWN ***"),
        Row("show", rf"^{_NAME} shows (?P<cards>\[[^\]]*\])(?: .*)?$",
            "Hero shows [Jd Td As Jc Js 7h 2s] three of a kind, Jacks"),
        Row("muck", rf"^{_NAME} mucks(?: (?P<cards>\[[^\]]*\]))?$", "thebear666 mucks"),
        Row("collect", rf"^{_NAME} (?:wins|ties for) (?:the )?(?:(?:high|low) )?(?P<pot>(?:main |side )?pot(?: #?\d+)?) "
                       rf"\((?P<amount>{_M})\)(?: with .*)?$",
            "Player1 wins the side pot (6,910) with a pair of Aces"),
        # --- the summary -------------------------------------------------------------------------
        Row("summary", r"^\*\*\* SUMMARY \*\*\*$", "*** SUMMARY ***"),
        Row("pot", rf"^Total pot (?P<total>{_M})(?P<pots>(?: (?:Main|Side) pot(?: \d+)? {_M}\.)*) \| "
                   rf"Rake (?P<rake>{_M})$",
            "Total pot 12,245 Main pot 5,335. Side pot 6,910. | Rake 0", sections=("summary",)),
        Row("muck", rf"^Seat \d+: {_NAME}{_MARKS} mucked (?P<cards>\[[^\]]*\])"
                    r"(?: - .*)?$",
            "Seat 7: thebear666 mucked [Kd 7c Kc 2h 3s 4d 5h] - a pair of Kings", sections=("summary",)),
        Row("won", rf"^Seat \d+: {_NAME}{_MARKS} showed (?P<cards>\[[^\]]*\]) and won \((?P<amount>{_M})\)"
                   rf"(?: with .*?)?(?:, and won \((?P<amount2>{_M})\) with .*)?$",
            "Seat 5: Hero showed [Jd Td As Jc Js 7h 2s] and won ($72.50) with three of a kind, Jacks",
            claim="won", also=("show",), sections=("summary",)),
        Row("won", rf"^Seat \d+: {_NAME}{_MARKS} showed (?P<cards>\[[^\]]*\]) and lost with .*?, and won "
                   rf"\((?P<amount>{_M})\) with .*$",
            "Seat 3: Player2 showed [8d 5s 4h 3d Ac Kc Qs] and lost with high card Ace, and won ($5) with 8,5,4,3,A",
            claim="won", also=("show",), sections=("summary",), source="fpdb FulltiltToFpdb.py re_ShownCards"),
        Row("show", rf"^Seat \d+: {_NAME}{_MARKS} showed (?P<cards>\[[^\]]*\]) and lost(?! .*, and won \()"
                    r"(?: with .*)?$",
            "Seat 1: Villain showed [As 7c Kc Js 4s 7d Tc] and lost with J,T,7,4,A", sections=("summary",)),
        Row("won", rf"^Seat \d+: {_NAME}{_MARKS} collected \((?P<amount>{_M})\)(?:, mucked)?$",
            "Seat 2: Hero collected ($10.90), mucked", claim="won", sections=("summary",)),
        Row("ignore", r"^Seat \d+: .+? folded (?:on|before) .+$", "Seat 1: Player1 folded on 3rd St.",
            sections=("summary",)),
        Row("ignore", r"^Seat \d+: .+? is sitting out$", "Seat 6: Player6 is sitting out", sections=("summary",)),
        Row("won", rf"^Seat \d+: {_NAME}{_MARKS} ?(?:ties for|wins) (?:the )?(?:(?:main |side )?pot|pot \d) "
                   rf"\((?P<amount>{_M})\)$",
            "Seat 4: Player5 ties for the side pot ($2.50)", claim="won", sections=("summary",),
            source="fpdb FulltiltToFpdb.py re_CollectSidePot"),
        Row("ignore", r"^Duration \d+(?:s|m|h| ?min)?$", "Duration 40s", sections=("summary",)),
        # --- what says nothing about the chips or cards ------------------------------------------
        Row("cancel", r"^Hand #\d+ has been cancell?ed$", "Hand #29408130000 has been canceled",
            source="fpdb FulltiltToFpdb.py re_Cancelled"),
        Row("ignore", rf"^{_WHO} (?:has \d+ seconds (?:left )?to (?:act|reconnect)|has timed out(?: while .*)?|"
                      r"has returned|is sitting out|sits out|sits down|stands up|has reconnected|"
                      r"is disconnected|has been disconnected|has requested TIME|is feeling \w+.*|"
                      rf"adds {_M}|has been removed from the table.*)$",
            "chasrigg has 15 seconds left to act"),
        Row("ignore", r"^\d+ seconds left to act$", "5 seconds left to act"),
        Row("ignore", r"^.+? (?:finished in \d+\w* place|wins the tournament|has been eliminated)(?: .*)?$",
            "Player4 finished in 2nd place",
            source="by analogy: the tournament lines fpdb defines for PokerStars and PartyPoker (a prize is paid "
                   "outside the pot)"),
        Row("ignore", rf"^{_NAME}: .*$", "Hero: nice hand"),
    ),
    other_games=(
        Row("ignore", rf"^{_WHO} posts (?:the (?:small|big) blind of|a dead small blind of|small & big blinds) .*$",
            "Player0 posts the small blind of 20"),
        Row("ignore", r"^\*\*\* (?:HOLE CARDS|FLOP|TURN|RIVER|DRAW|FIRST DRAW|SECOND DRAW|THIRD DRAW) \*\*\*(?: \[.*)?$",
            "*** FLOP *** [Qc 8c 4s]"),
        Row("ignore", r"^Board: \[[^\]]*\]$", "Board: [Qc 8c 4s 8h]"),
        Row("ignore", rf"^{_WHO} (?:discards \d+ cards?(?: \[[^\]]*\])?|stands pat|is dealt \d+ cards?(?: \[[^\]]*\])?)$",
            "Hero discards 1 card [Ks]"),
    ),
)

READER = GrammarReader(GRAMMAR)
