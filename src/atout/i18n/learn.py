"""Messages of the lessons and puzzles (``atout learn``, the Learn page)."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        # -- the course and the answers --------------------------------------------------
        "learn.title": "Learn {game}",
        "learn.link": "Learn to play: lessons and puzzles",
        "learn.lessons": "Lessons",
        "learn.puzzles": "Puzzles",
        "learn.daily": "Puzzle of the day",
        "learn.lesson": "Lesson {number}: {title}",
        "learn.step": "Question {number} of {total}",
        "learn.progress": "Questions answered: {done} of {total}",
        "learn.done": "answered",
        "learn.right": "Right!",
        "learn.wrong": "Not quite.",
        "learn.try-again": "Try again.",
        "learn.answer-is": "The answer: {answer}",
        "learn.not-allowed": "{action} may not be played: {reason}",
        "learn.also-allowed": "{action} is allowed too",
        "learn.not-that-number": "{number} is not the count",
        "learn.not-that-one": "not {option}",
        "learn.team.yours": "Your team",
        "learn.team.theirs": "The other team",
        "learn.choice.none": "Nobody",
        "learn.your-hand": "Your hand",
        "learn.hand-of": "Hand of {seat}",
        "learn.trick": "On the table",
        "learn.last-trick": "Trick just played",
        "learn.trump": "Trump: {trump}",
        "learn.no-trump": "No trump yet",
        "learn.turned": "Turned card: {card}",
        "learn.indicator": "Indicator: {card}",
        "learn.bottom": "Bottom card: {card}",
        "learn.dealer": "Dealer: {seat}",
        "learn.to-play": "To act: {seat}",
        "learn.position": "Position (record notation): {position}",
        "learn.pick-legal": "Pick every action that is allowed (all of them), then check.",
        "learn.check": "Check",
        "learn.show": "Show the answer",
        "learn.next": "Next",
        "learn.back": "Back",
        "learn.share": "Share this position",
        # -- the terminal ----------------------------------------------------------------
        "learn.cli.menu": (
            "Choose a lesson by its number, 'p' for the puzzles, 'd' for the puzzle of the "
            "day, 'q' to leave."
        ),
        "learn.cli.answer-legal": (
            "Your answer (every allowed card or action, separated by commas or spaces; "
            "'show' gives the answer, 'skip' goes on, 'quit' leaves): "
        ),
        "learn.cli.answer-choice": (
            "Your answer (a number; 'show' gives the answer, 'skip' goes on, 'quit' "
            "leaves): "
        ),
        "learn.cli.answer-number": (
            "Your answer (a number; 'show' gives the answer, 'skip' goes on, 'quit' "
            "leaves): "
        ),
        "learn.cli.answer-card": (
            "Your card ('show' gives the solution, 'skip' goes on, 'quit' leaves): "
        ),
        "learn.cli.unreadable": "I could not read {text!r}.",
        "learn.cli.saved": "Progress kept in {path}.",
        "learn.cli.cannot-save": "Could not keep the progress in {path}: {reason}",
        "learn.cli.bye": "See you soon!",
        "learn.cli.lesson-done": "Lesson done.",
        "learn.cli.choose": "Your choice: ",
        # -- questions ---------------------------------------------------------------------
        "learn.q.legal": "Which cards may you play now? Name all of them.",
        "learn.q.legal-bid": "Which bids may you make now? Name all of them.",
        "learn.q.legal-contract": "What may you say now? Name every possible choice.",
        "learn.q.trick-winner": "Who wins the trick just played?",
        "learn.q.trick-points": "How many card points does the trick just played hold?",
        "learn.q.trick-written": "With the contract's factor, how many points does that "
                                 "trick write for its winners?",
        "learn.q.next-dealer": "Everybody passed twice. Who deals next?",
        "learn.q.hand-size": "Trump is fixed and the cards are dealt. How many cards do you "
                             "hold now?",
        "learn.q.sequence-points": "How many points are your sequences worth?",
        "learn.q.sequence-winner": "Whose sequences count in this deal?",
        "learn.q.sequence-scored": "Your opponent's sequence beat yours. How many points of "
                                   "sequences do they score in this deal?",
        "learn.q.bela-points": "You held bela. How many points does it give you here?",
        "learn.q.card-points": "How many card points did you take in this deal, the last "
                               "trick included?",
        "learn.q.defender-records": "What does the defender record for this deal?",
        "learn.q.hanging": "How many points hang after this deal?",
        "learn.q.caller-records-hanging": (
            "81 points hang from the previous deal. What does the caller get from this "
            "deal, in all?"
        ),
        "learn.q.match-winner": "Who wins the match?",
        "learn.q.match-winner-team": "Which team wins the match?",
        "learn.q.announcement-points": "How many points are your announcements worth?",
        "learn.q.announcement-winner": "Whose announcement wins the comparison?",
        "learn.q.takers-record": "What do the takers write for this deal?",
        "learn.q.defenders-record": "What do the defenders write for this deal?",
        "learn.q.held": "How many of the takers' points are held for the next deal?",
        "learn.q.factor": "Hearts are trump. By how much is everything multiplied?",
        "learn.q.weis-points": "How many points are your Weis worth?",
        "learn.q.weis-team": "Which team scores its Weis?",
        "learn.q.stoeck": "How many points does your Stöck bring, before the factor?",
        "learn.q.team-writes": "What does your team write for this deal?",
        # -- facts -------------------------------------------------------------------------
        "learn.fact.totals": "Totals: caller {caller}, defender {defender}.",
        "learn.fact.team-totals": "Totals: takers {takers}, defenders {defenders}.",
        "learn.fact.captured": "Your tricks hold {captured} points of cards; your opponent "
                               "took the last trick.",
        "learn.fact.captured-last": "Your tricks hold {captured} points of cards, and you "
                                    "took the last trick.",
        "learn.fact.deberts-match": (
            "Before this deal: caller {caller_before}, defender {defender_before}. The deal "
            "ends {caller} to {defender}."
        ),
        "learn.fact.belote-match": (
            "Before this deal: your team {ours}, the other team {theirs}; the deal writes "
            "{ours_now} to {theirs_now}."
        ),
        "learn.fact.schieber-deal": (
            "Card points {ours} to {theirs}; Weis {weis_ours} to {weis_theirs}; factor "
            "×{factor}."
        ),
        "learn.fact.scores-before": (
            "Written before this deal: your team {ours}, the other team {theirs}; the "
            "target is 3000."
        ),
        # -- Deberts -------------------------------------------------------------------------
        "learn.deberts.1.title": "Cards and tricks",
        "learn.deberts.1.intro": (
            "Two players, 32 cards. Each suit has two orders: one as trump, one as a plain "
            "suit. The best trump wins a trick, otherwise the best card of the suit led."
        ),
        "learn.deberts.2.title": "Choosing trump",
        "learn.deberts.2.intro": (
            "Six cards each, and the next card is turned up: the indicator. Two rounds of "
            "bids decide the trump, then three more cards each."
        ),
        "learn.deberts.3.title": "What you must play",
        "learn.deberts.3.intro": (
            "Follow suit; on a trump lead, beat it if you can; without the suit, trump; "
            "otherwise play anything."
        ),
        "learn.deberts.4.title": "The trump 7, sequences and bela",
        "learn.deberts.4.intro": (
            "Before your first card you may swap the trump 7 for the indicator. Runs in one "
            "suit score, and so do the king and queen of trump together."
        ),
        "learn.deberts.5.title": "The contract",
        "learn.deberts.5.intro": (
            "At the end each player adds card points, the last trick, sequences and bela. "
            "The caller must have more than the defender."
        ),
        "learn.deberts.6.title": "The match and the options",
        "learn.deberts.6.intro": (
            "Deals go on until someone reaches 501. Two options change the deal: doubling "
            "and the four 7s."
        ),
        "learn.why.deberts.cards": (
            "Trumps rank J 9 A 10 K Q 8 7 and count 20 14 11 10 4 3 0 0; the other suits "
            "rank A 10 K Q J 9 8 7 and count 11 10 4 3 2 0 0 0."
        ),
        "learn.why.deberts.trick": (
            "A trump beats every card of another suit, even a low trump against an ace."
        ),
        "learn.why.deberts.bidding": (
            "In the first round a player may only take the indicator's suit or pass; in the "
            "second round only another suit, or pass."
        ),
        "learn.why.deberts.throw-in": (
            "After four passes the deal is thrown in: it is not a played deal, and the "
            "other player deals."
        ),
        "learn.why.deberts.hands": (
            "Once trump is fixed each player gets three more cards, 9 in all; the bottom "
            "card of the stock is turned up for information and never played."
        ),
        "learn.why.deberts.follow": (
            "You must follow the suit led when you can; nothing obliges you to beat a card "
            "that is not a trump."
        ),
        "learn.why.deberts.must-trump": (
            "Without a card of the suit led you must play a trump if you have one."
        ),
        "learn.why.deberts.any-card": (
            "With neither the suit led nor a trump, any card may be played."
        ),
        "learn.why.deberts.trump-lead": (
            "On a trump lead you must beat the led trump when you can: 9♥ is led, so J♥ "
            "must be played and 7♥ is not allowed, even to keep the jack."
        ),
        "learn.why.deberts.cannot-beat": (
            "On a trump lead you must beat it if you can; when no trump of yours is higher, "
            "any trump will do."
        ),
        "learn.why.deberts.exchange": (
            "Only when the indicator's suit is trump may the holder of the trump 7 swap it "
            "for the indicator, before their own first card; it is a choice."
        ),
        "learn.why.deberts.sequences": (
            "Three cards in a row in one suit are a terc (20), four a bertz (50); a longer "
            "run is cut from the top into a bertz, and what is left counts again if it is 3 "
            "long. Yours: {melds}."
        ),
        "learn.why.deberts.sequence-compare": (
            "The best sequences are compared: the longer, then the higher top card, then a "
            "trump sequence; between equal plain ones the nondealer wins. Only the winner "
            "scores."
        ),
        "learn.why.deberts.sequence-trick": (
            "The winner of the comparison scores their sequences only if they take at least "
            "one trick; here they took none, so nobody scores sequences."
        ),
        "learn.why.deberts.bela": (
            "Bela, the king and queen of trump in one hand, is worth 20 to its holder, even "
            "without a trick."
        ),
        "learn.why.deberts.last-trick": (
            "The last trick adds 10 to the card points of the player who takes it."
        ),
        "learn.why.deberts.contract-made": (
            "When the caller has more, each player records their own total."
        ),
        "learn.why.deberts.bait": (
            "When the caller has less (a bait), the caller records 0 and the defender both "
            "totals: {caller} and {defender} give 0 and {both}."
        ),
        "learn.why.deberts.tie": (
            "On equal totals the defender records their own and the caller's amount hangs: "
            "it goes to the winner of the next played deal."
        ),
        "learn.why.deberts.hanging": (
            "The caller wins this deal, {caller} to {defender}, so they record {caller} and "
            "take the {hanging} hanging: {total}; the defender records {defender}."
        ),
        "learn.why.deberts.match": (
            "A player at 501 or more wins; when both reach it in the same deal, the "
            "defender of that deal wins, recorded 501 to 500. Here: {caller_after} to "
            "{defender_after}."
        ),
        "learn.why.deberts.options": (
            "Options change the deal: with doubling the defender may double right after "
            "trump is fixed (and the caller then redouble); with the four 7s their holder "
            "may cancel the deal before their first card."
        ),
        # -- Belote -------------------------------------------------------------------------
        "learn.belote.1.title": "Cards and tricks",
        "learn.belote.1.intro": (
            "Four players in two teams, partners opposite, 32 cards. The best trump wins "
            "the trick, otherwise the best card of the suit led."
        ),
        "learn.belote.2.title": "Bidding",
        "learn.belote.2.intro": (
            "Five cards each and one card turned up. Two rounds of bids decide the trump; "
            "then the hands are completed to eight."
        ),
        "learn.belote.3.title": "The duties of play",
        "learn.belote.3.intro": (
            "Follow suit, go over trumps, trump when an opponent is winning: Belote asks a "
            "lot of the player without the suit led."
        ),
        "learn.belote.4.title": "Belote and announcements",
        "learn.belote.4.intro": (
            "Runs and fours of a kind score for one team only; the king and queen of trump "
            "score for whoever holds them."
        ),
        "learn.belote.5.title": "The contract and the match",
        "learn.belote.5.intro": (
            "The takers must score more than the defenders, or lose everything to them."
        ),
        "learn.why.belote.cards": (
            "Trumps rank J 9 A 10 K Q 8 7 and count 20 14 11 10 4 3 0 0; the other suits "
            "rank A 10 K Q J 9 8 7 and count 11 10 4 3 2 0 0 0."
        ),
        "learn.why.belote.trick": "A trump beats every card of another suit.",
        "learn.why.belote.bidding": (
            "In the first round each player may take the turned card's suit or pass; in the "
            "second round name another suit or pass."
        ),
        "learn.why.belote.hands": (
            "The taker gets the turned card and two more, the others three: 8 cards each."
        ),
        "learn.why.belote.follow": "You must follow the suit led when you can.",
        "learn.why.belote.must-trump": (
            "Without the suit led, when an opponent is winning the trick, you must trump."
        ),
        "learn.why.belote.overtrump": (
            "When you must trump, you must go over the best trump in the trick if you can."
        ),
        "learn.why.belote.undertrump": (
            "When you must trump but cannot go over the best trump, you must still play a "
            "lower trump."
        ),
        "learn.why.belote.trump-lead": (
            "On a trump lead you must go over the best trump in the trick if you can, even "
            "when your partner holds it."
        ),
        "learn.why.belote.partner-winning": (
            "When your partner is winning the trick, you may play any card: discard, trump "
            "under, or trump over."
        ),
        "learn.why.belote.options": (
            "Options change the duties: without undertrumping a player who cannot go over "
            "may play any card; with the announced capot the takers may say capot before "
            "their first card."
        ),
        "learn.why.belote.announcements": (
            "Tierce 20, quarte 50, quinte 100; four jacks 200, four nines 150, four aces, "
            "tens, kings or queens 100. A run longer than 5 is cut from the top. Yours: "
            "{melds}."
        ),
        "learn.why.belote.announcement-compare": (
            "The best announcements are compared: value, then height, then a run in trump, "
            "then the player who plays earlier."
        ),
        "learn.why.belote.belote": (
            "Belote-rebelote (the king and queen of trump in one hand) stays with its team "
            "whatever happens to the contract: even after a dedans the takers write it."
        ),
        "learn.why.belote.made": (
            "When the takers have more, both teams write their totals."
        ),
        "learn.why.belote.dedans": (
            "When the takers have less (dedans), the defenders write 162 and every "
            "announcement, the takers only their belote."
        ),
        "learn.why.belote.litige": (
            "On equal totals (litige) the defenders write theirs and the takers' points are "
            "held for the winner of the next deal."
        ),
        "learn.why.belote.capot": (
            "A team that takes every trick makes capot: 250 instead of 162, here with the "
            "belote, 270."
        ),
        "learn.why.belote.match": (
            "After a deal a team at 1000 or over wins; if both are, the higher total wins."
        ),
        # -- Schieber -----------------------------------------------------------------------
        "learn.schieber.1.title": "The contract",
        "learn.schieber.1.intro": (
            "Forehand names the contract or pushes it to the partner (schieben). The "
            "contract sets a factor for everything the deal scores."
        ),
        "learn.schieber.2.title": "Cards and tricks",
        "learn.schieber.2.intro": (
            "36 cards, 6 to ace. In trump the jack (Puur) and the nine (Näll) lead; Obenabe "
            "and Undenufe have no trump."
        ),
        "learn.schieber.3.title": "What you may play",
        "learn.schieber.3.intro": (
            "You may always trump, but never under a trump already in the trick."
        ),
        "learn.schieber.4.title": "Weis and Stöck",
        "learn.schieber.4.intro": (
            "Runs and fours of a kind in the dealt hand are Weis; the king and queen of "
            "trump are Stöck."
        ),
        "learn.schieber.5.title": "The whole deal and the target",
        "learn.schieber.5.intro": (
            "Cards, the last trick, Weis and Stöck, all times the factor. The first team "
            "to reach 3000 wins, even in the middle of a deal."
        ),
        "learn.why.schieber.contract": (
            "Forehand may name a trump, Obenabe or Undenufe, or push the choice to the "
            "partner."
        ),
        "learn.why.schieber.push": (
            "After a push the partner must name the contract: pushing back is not allowed."
        ),
        "learn.why.schieber.factor": (
            "Clubs and spades count once, diamonds and hearts twice, Obenabe three times and "
            "Undenufe four times."
        ),
        "learn.why.schieber.cards": (
            "As trump: J 20, 9 14, A 11, K 4, Q 3, 10 10; in other suits: A 11, K 4, Q 3, "
            "J 2, 10 10. Here {sum} = {points}."
        ),
        "learn.why.schieber.trick": (
            "The best trump wins; in trump the Puur (jack) is highest, then the Näll (nine)."
        ),
        "learn.why.schieber.no-trump": (
            "Without trump you must follow suit; the best card of the suit led wins: the ace "
            "in Obenabe, the six in Undenufe."
        ),
        "learn.why.schieber.trump-anytime": (
            "With a trump contract you may trump even when you could follow suit."
        ),
        "learn.why.schieber.discard": (
            "Without the suit led you may play any card."
        ),
        "learn.why.schieber.no-undertrump": (
            "When a trump is already in the trick you may not play a lower trump unless you "
            "hold only trumps, even when your partner is winning."
        ),
        "learn.why.schieber.trump-lead": (
            "On a trump lead you must play a trump if you have one."
        ),
        "learn.why.schieber.puur": (
            "The Puur held as your only trump may be kept back on a trump lead: then any "
            "card may be played."
        ),
        "learn.why.schieber.weis": (
            "Runs of 3, 4, 5 or more score 20, 50, 100; four jacks 200, four aces, kings, "
            "queens or tens 100. Yours: {melds}."
        ),
        "learn.why.schieber.weis-compare": (
            "The strongest single Weis decides: points, then length, then rank, then trump; "
            "that team scores all its Weis."
        ),
        "learn.why.schieber.stoeck": (
            "Stöck, the king and queen of trump in one dealt hand, is worth 20 before the "
            "factor."
        ),
        "learn.why.schieber.deal": (
            "Card points with the last trick, plus the Weis, times the factor: ({ours} + "
            "{weis}) × {factor} = {written} and {theirs} × {factor} = {theirs_written}."
        ),
        "learn.why.schieber.match-bonus": (
            "A team that takes all nine tricks adds 100 (the Match): 157 + 100 = 257, times "
            "2 for hearts."
        ),
        "learn.why.schieber.target": (
            "A team wins as soon as it reaches the target, even in the middle of a deal: "
            "Stöck first, then Weis, then the trick."
        ),
        # -- puzzles -------------------------------------------------------------------------
        "learn.puzzle.title": "Puzzle {id}",
        "learn.puzzle.difficulty.1": "easy",
        "learn.puzzle.difficulty.2": "medium",
        "learn.puzzle.difficulty.3": "hard",
        "learn.puzzle.question": "You are to play ({difficulty}). Which card is best?",
        "learn.puzzle.not-legal": "{card} may not be played here: {reason}",
        "learn.puzzle.worse": (
            "{card} is worse: over the deals the hidden cards allow it scores {loss} "
            "points less on average than the best card."
        ),
        "learn.puzzle.solution-all": (
            "{card} is best in every one of the {worlds} deals your view allows (the "
            "solver played each one out): on average {margin} points better than the next "
            "best card, {second}."
        ),
        "learn.puzzle.solution-sampled": (
            "{card} was best in each of {worlds} deals drawn from what your view allows, "
            "{margin} points better on average than the next best card, {second}."
        ),
        "learn.puzzle.line": "With best play on the real cards: {line}.",
        "learn.puzzle.none": "No puzzle for this game yet.",
    },
    "fr": {
        "learn.title": "Apprendre {game}",
        "learn.link": "Apprendre à jouer : leçons et problèmes",
        "learn.lessons": "Leçons",
        "learn.puzzles": "Problèmes",
        "learn.daily": "Problème du jour",
        "learn.lesson": "Leçon {number} : {title}",
        "learn.step": "Question {number} sur {total}",
        "learn.progress": "Questions résolues : {done} sur {total}",
        "learn.done": "résolu",
        "learn.right": "Juste !",
        "learn.wrong": "Pas tout à fait.",
        "learn.try-again": "Essayez encore.",
        "learn.answer-is": "La réponse : {answer}",
        "learn.not-allowed": "{action} ne peut pas être joué : {reason}",
        "learn.also-allowed": "{action} est permis aussi",
        "learn.not-that-number": "{number} n'est pas le bon compte",
        "learn.not-that-one": "pas {option}",
        "learn.team.yours": "Votre équipe",
        "learn.team.theirs": "L'autre équipe",
        "learn.choice.none": "Personne",
        "learn.your-hand": "Votre main",
        "learn.hand-of": "Main de {seat}",
        "learn.trick": "Sur la table",
        "learn.last-trick": "Levée qui vient d'être jouée",
        "learn.trump": "Atout : {trump}",
        "learn.no-trump": "Pas encore d'atout",
        "learn.turned": "Carte retournée : {card}",
        "learn.indicator": "Indicateur : {card}",
        "learn.bottom": "Carte du dessous : {card}",
        "learn.dealer": "Donneur : {seat}",
        "learn.to-play": "À jouer : {seat}",
        "learn.position": "Position (notation des parties) : {position}",
        "learn.pick-legal": "Choisissez toutes les actions permises, puis vérifiez.",
        "learn.check": "Vérifier",
        "learn.show": "Voir la réponse",
        "learn.next": "Suivant",
        "learn.back": "Retour",
        "learn.share": "Partager cette position",
        "learn.cli.menu": (
            "Choisissez une leçon par son numéro, « p » pour les problèmes, « d » pour le "
            "problème du jour, « q » pour quitter."
        ),
        "learn.cli.answer-legal": (
            "Votre réponse (toutes les cartes ou actions permises, séparées par des "
            "virgules ou des espaces ; « show » donne la réponse, « skip » passe, « quit » "
            "quitte) : "
        ),
        "learn.cli.answer-choice": (
            "Votre réponse (un numéro ; « show » donne la réponse, « skip » passe, « quit » "
            "quitte) : "
        ),
        "learn.cli.answer-number": (
            "Votre réponse (un nombre ; « show » donne la réponse, « skip » passe, « quit » "
            "quitte) : "
        ),
        "learn.cli.answer-card": (
            "Votre carte (« show » donne la solution, « skip » passe, « quit » quitte) : "
        ),
        "learn.cli.unreadable": "Je n'ai pas pu lire {text!r}.",
        "learn.cli.saved": "Progrès conservés dans {path}.",
        "learn.cli.cannot-save": "Impossible de conserver les progrès dans {path} : {reason}",
        "learn.cli.bye": "À bientôt !",
        "learn.cli.lesson-done": "Leçon terminée.",
        "learn.cli.choose": "Votre choix : ",
        "learn.q.legal": "Quelles cartes pouvez-vous jouer maintenant ? Citez-les toutes.",
        "learn.q.legal-bid": "Quelles enchères pouvez-vous faire maintenant ? Citez-les "
                             "toutes.",
        "learn.q.legal-contract": "Que pouvez-vous dire maintenant ? Citez tous les choix "
                                  "possibles.",
        "learn.q.trick-winner": "Qui remporte la levée qui vient d'être jouée ?",
        "learn.q.trick-points": "Combien de points de cartes contient la levée qui vient "
                                "d'être jouée ?",
        "learn.q.trick-written": "Avec le facteur du contrat, combien de points cette levée "
                                 "inscrit-elle pour ses gagnants ?",
        "learn.q.next-dealer": "Tout le monde a passé deux fois. Qui donne ensuite ?",
        "learn.q.hand-size": "L'atout est fixé et les cartes sont distribuées. Combien de "
                             "cartes avez-vous maintenant ?",
        "learn.q.sequence-points": "Combien de points valent vos suites ?",
        "learn.q.sequence-winner": "Quelles suites comptent dans cette donne ?",
        "learn.q.sequence-scored": "La suite de votre adversaire a battu la vôtre. Combien "
                                   "de points de suites marque-t-il dans cette donne ?",
        "learn.q.bela-points": "Vous aviez la bela. Combien de points vous donne-t-elle ici ?",
        "learn.q.card-points": "Combien de points de cartes avez-vous pris dans cette donne, "
                               "dernière levée comprise ?",
        "learn.q.defender-records": "Que marque le défenseur pour cette donne ?",
        "learn.q.hanging": "Combien de points restent suspendus après cette donne ?",
        "learn.q.caller-records-hanging": (
            "81 points sont suspendus depuis la donne précédente. Que reçoit le preneur de "
            "cette donne, en tout ?"
        ),
        "learn.q.match-winner": "Qui gagne la partie ?",
        "learn.q.match-winner-team": "Quelle équipe gagne la partie ?",
        "learn.q.announcement-points": "Combien de points valent vos annonces ?",
        "learn.q.announcement-winner": "Quelle annonce l'emporte ?",
        "learn.q.takers-record": "Qu'inscrivent les preneurs pour cette donne ?",
        "learn.q.defenders-record": "Qu'inscrivent les défenseurs pour cette donne ?",
        "learn.q.held": "Combien de points des preneurs sont mis en réserve pour la donne "
                        "suivante ?",
        "learn.q.factor": "Cœur est atout. Par combien tout est-il multiplié ?",
        "learn.q.weis-points": "Combien de points valent vos Weis ?",
        "learn.q.weis-team": "Quelle équipe marque ses Weis ?",
        "learn.q.stoeck": "Combien de points rapporte votre Stöck, avant le facteur ?",
        "learn.q.team-writes": "Qu'inscrit votre équipe pour cette donne ?",
        "learn.fact.totals": "Totaux : preneur {caller}, défenseur {defender}.",
        "learn.fact.team-totals": "Totaux : preneurs {takers}, défenseurs {defenders}.",
        "learn.fact.captured": "Vos levées contiennent {captured} points de cartes ; votre "
                               "adversaire a pris la dernière levée.",
        "learn.fact.captured-last": "Vos levées contiennent {captured} points de cartes, et "
                                    "vous avez pris la dernière levée.",
        "learn.fact.deberts-match": (
            "Avant cette donne : preneur {caller_before}, défenseur {defender_before}. La "
            "donne finit {caller} à {defender}."
        ),
        "learn.fact.belote-match": (
            "Avant cette donne : votre équipe {ours}, l'autre {theirs} ; la donne inscrit "
            "{ours_now} à {theirs_now}."
        ),
        "learn.fact.schieber-deal": (
            "Points de cartes {ours} à {theirs} ; Weis {weis_ours} à {weis_theirs} ; "
            "facteur ×{factor}."
        ),
        "learn.fact.scores-before": (
            "Inscrit avant cette donne : votre équipe {ours}, l'autre {theirs} ; l'objectif "
            "est 3000."
        ),
        "learn.deberts.1.title": "Les cartes et les levées",
        "learn.deberts.1.intro": (
            "Deux joueurs, 32 cartes. Chaque couleur a deux ordres : à l'atout et hors "
            "atout. Le plus fort atout remporte la levée, sinon la plus forte carte de la "
            "couleur demandée."
        ),
        "learn.deberts.2.title": "Choisir l'atout",
        "learn.deberts.2.intro": (
            "Six cartes chacun, puis la suivante est retournée : l'indicateur. Deux tours "
            "d'enchères fixent l'atout, puis trois cartes de plus chacun."
        ),
        "learn.deberts.3.title": "Ce qu'il faut jouer",
        "learn.deberts.3.intro": (
            "Fournir ; sur entame d'atout, monter si possible ; sans la couleur, couper ; "
            "sinon n'importe quelle carte."
        ),
        "learn.deberts.4.title": "Le 7 d'atout, les suites et la bela",
        "learn.deberts.4.intro": (
            "Avant votre première carte vous pouvez échanger le 7 d'atout contre "
            "l'indicateur. Les suites dans une couleur marquent, le roi et la dame d'atout "
            "ensemble aussi."
        ),
        "learn.deberts.5.title": "Le contrat",
        "learn.deberts.5.intro": (
            "À la fin chacun additionne cartes, dernière levée, suites et bela. Le preneur "
            "doit avoir plus que le défenseur."
        ),
        "learn.deberts.6.title": "La partie et les options",
        "learn.deberts.6.intro": (
            "On joue jusqu'à ce qu'un joueur atteigne 501. Deux options changent la donne : "
            "le contre et les quatre 7."
        ),
        "learn.why.deberts.cards": (
            "À l'atout l'ordre est V 9 A 10 R D 8 7 pour 20 14 11 10 4 3 0 0 ; hors atout "
            "A 10 R D V 9 8 7 pour 11 10 4 3 2 0 0 0."
        ),
        "learn.why.deberts.trick": (
            "Un atout bat toute carte d'une autre couleur, même un petit atout contre un as."
        ),
        "learn.why.deberts.bidding": (
            "Au premier tour on ne peut que prendre la couleur de l'indicateur ou passer ; "
            "au second tour seulement une autre couleur, ou passer."
        ),
        "learn.why.deberts.throw-in": (
            "Après quatre passes la donne est annulée : ce n'est pas une donne jouée, et "
            "l'autre joueur donne."
        ),
        "learn.why.deberts.hands": (
            "Une fois l'atout fixé chacun reçoit trois cartes de plus, 9 en tout ; la carte "
            "du dessous du talon est retournée pour information et n'est jamais jouée."
        ),
        "learn.why.deberts.follow": (
            "Vous devez fournir à la couleur demandée si vous le pouvez ; rien n'oblige à "
            "monter sur une carte qui n'est pas un atout."
        ),
        "learn.why.deberts.must-trump": (
            "Sans carte de la couleur demandée, vous devez couper si vous avez un atout."
        ),
        "learn.why.deberts.any-card": (
            "Sans la couleur demandée ni atout, toute carte peut être jouée."
        ),
        "learn.why.deberts.trump-lead": (
            "Sur entame d'atout vous devez monter si vous le pouvez : le 9♥ est entamé, le "
            "V♥ doit être joué et le 7♥ est interdit, même pour garder le valet."
        ),
        "learn.why.deberts.cannot-beat": (
            "Sur entame d'atout il faut monter si possible ; si aucun de vos atouts n'est "
            "plus fort, n'importe quel atout convient."
        ),
        "learn.why.deberts.exchange": (
            "Seulement quand la couleur de l'indicateur est atout, le détenteur du 7 "
            "d'atout peut l'échanger contre l'indicateur, avant sa propre première carte ; "
            "c'est un choix."
        ),
        "learn.why.deberts.sequences": (
            "Trois cartes qui se suivent dans une couleur font un terc (20), quatre un bertz "
            "(50) ; une suite plus longue est coupée par le haut en un bertz, et le reste "
            "compte encore s'il fait 3 cartes. Les vôtres : {melds}."
        ),
        "learn.why.deberts.sequence-compare": (
            "On compare les meilleures suites : la plus longue, puis la plus haute, puis "
            "celle d'atout ; entre suites égales hors atout le non-donneur l'emporte. Seul "
            "le gagnant marque."
        ),
        "learn.why.deberts.sequence-trick": (
            "Le gagnant de la comparaison ne marque ses suites que s'il prend au moins une "
            "levée ; ici il n'en a pris aucune, personne ne marque de suites."
        ),
        "learn.why.deberts.bela": (
            "La bela, roi et dame d'atout dans une main, vaut 20 à son détenteur, même sans "
            "levée."
        ),
        "learn.why.deberts.last-trick": (
            "La dernière levée ajoute 10 aux points de cartes de celui qui la prend."
        ),
        "learn.why.deberts.contract-made": (
            "Quand le preneur a plus, chacun marque son propre total."
        ),
        "learn.why.deberts.bait": (
            "Quand le preneur a moins (bait), il marque 0 et le défenseur les deux totaux : "
            "{caller} et {defender} donnent 0 et {both}."
        ),
        "learn.why.deberts.tie": (
            "À égalité le défenseur marque le sien et le montant du preneur reste suspendu : "
            "il ira au gagnant de la donne jouée suivante."
        ),
        "learn.why.deberts.hanging": (
            "Le preneur gagne cette donne, {caller} à {defender} : il marque {caller} et "
            "prend les {hanging} suspendus, soit {total} ; le défenseur marque {defender}."
        ),
        "learn.why.deberts.match": (
            "Un joueur à 501 ou plus gagne ; si les deux l'atteignent dans la même donne, "
            "le défenseur de cette donne gagne, noté 501 à 500. Ici : {caller_after} à "
            "{defender_after}."
        ),
        "learn.why.deberts.options": (
            "Les options changent la donne : avec le contre le défenseur peut contrer juste "
            "après le choix de l'atout (et le preneur surcontrer) ; avec les quatre 7 leur "
            "détenteur peut annuler la donne avant sa première carte."
        ),
        "learn.belote.1.title": "Les cartes et les plis",
        "learn.belote.1.intro": (
            "Quatre joueurs en deux équipes, partenaires face à face, 32 cartes. Le plus fort "
            "atout remporte le pli, sinon la plus forte carte de la couleur demandée."
        ),
        "learn.belote.2.title": "Les enchères",
        "learn.belote.2.intro": (
            "Cinq cartes chacun et une carte retournée. Deux tours d'enchères fixent "
            "l'atout ; puis les mains sont complétées à huit."
        ),
        "learn.belote.3.title": "Les obligations du jeu",
        "learn.belote.3.intro": (
            "Fournir, monter à l'atout, couper quand un adversaire est maître : la Belote "
            "exige beaucoup du joueur qui n'a pas la couleur."
        ),
        "learn.belote.4.title": "Belote et annonces",
        "learn.belote.4.intro": (
            "Suites et carrés marquent pour une seule équipe ; le roi et la dame d'atout "
            "marquent pour qui les détient."
        ),
        "learn.belote.5.title": "Le contrat et la partie",
        "learn.belote.5.intro": (
            "Les preneurs doivent faire plus que les défenseurs, sinon ils leur laissent "
            "tout."
        ),
        "learn.why.belote.cards": (
            "À l'atout V 9 A 10 R D 8 7 valent 20 14 11 10 4 3 0 0 ; hors atout A 10 R D V "
            "9 8 7 valent 11 10 4 3 2 0 0 0."
        ),
        "learn.why.belote.trick": "Un atout bat toute carte d'une autre couleur.",
        "learn.why.belote.bidding": (
            "Au premier tour chacun peut prendre la couleur de la carte retournée ou passer ; "
            "au second tour nommer une autre couleur ou passer."
        ),
        "learn.why.belote.hands": (
            "Le preneur reçoit la carte retournée et deux autres, les autres trois : 8 "
            "cartes chacun."
        ),
        "learn.why.belote.follow": "Vous devez fournir à la couleur demandée si vous le pouvez.",
        "learn.why.belote.must-trump": (
            "Sans la couleur demandée, quand un adversaire est maître du pli, vous devez "
            "couper."
        ),
        "learn.why.belote.overtrump": (
            "Quand vous devez couper, vous devez monter sur le meilleur atout du pli si "
            "vous le pouvez."
        ),
        "learn.why.belote.undertrump": (
            "Quand vous devez couper sans pouvoir monter, vous devez quand même jouer un "
            "atout plus faible (pisser)."
        ),
        "learn.why.belote.trump-lead": (
            "Sur entame d'atout vous devez monter sur le meilleur atout du pli si vous le "
            "pouvez, même s'il est à votre partenaire."
        ),
        "learn.why.belote.partner-winning": (
            "Quand votre partenaire est maître du pli, vous pouvez jouer n'importe quelle "
            "carte : vous défausser, couper petit ou surcouper."
        ),
        "learn.why.belote.options": (
            "Les options changent les obligations : sans obligation de sous-couper, qui ne "
            "peut monter joue ce qu'il veut ; avec le capot annoncé, les preneurs peuvent "
            "dire capot avant leur première carte."
        ),
        "learn.why.belote.announcements": (
            "Tierce 20, quarte 50, quinte 100 ; carré de valets 200, de neuf 150, d'as, de "
            "dix, de rois ou de dames 100. Une suite de plus de 5 est coupée par le haut. "
            "Les vôtres : {melds}."
        ),
        "learn.why.belote.announcement-compare": (
            "On compare les meilleures annonces : valeur, puis hauteur, puis suite à "
            "l'atout, puis le joueur qui joue le premier."
        ),
        "learn.why.belote.belote": (
            "La belote-rebelote (roi et dame d'atout dans une main) reste à son équipe quoi "
            "qu'il arrive au contrat : même dedans, les preneurs l'inscrivent."
        ),
        "learn.why.belote.made": (
            "Quand les preneurs ont plus, les deux équipes inscrivent leurs totaux."
        ),
        "learn.why.belote.dedans": (
            "Quand les preneurs ont moins (dedans), les défenseurs inscrivent 162 et toutes "
            "les annonces, les preneurs seulement leur belote."
        ),
        "learn.why.belote.litige": (
            "À égalité (litige) les défenseurs inscrivent leur total et les points des "
            "preneurs sont mis en réserve pour le gagnant de la donne suivante."
        ),
        "learn.why.belote.capot": (
            "L'équipe qui fait tous les plis est capot : 250 au lieu de 162, ici avec la "
            "belote, 270."
        ),
        "learn.why.belote.match": (
            "Après une donne, l'équipe à 1000 ou plus gagne ; si les deux y sont, le plus "
            "gros total gagne."
        ),
        "learn.schieber.1.title": "Le contrat",
        "learn.schieber.1.intro": (
            "Le forehand nomme le contrat ou le pousse au partenaire (schieben). Le contrat "
            "fixe un facteur pour tout ce que la donne marque."
        ),
        "learn.schieber.2.title": "Les cartes et les plis",
        "learn.schieber.2.intro": (
            "36 cartes, du 6 à l'as. À l'atout le valet (Puur) et le neuf (Näll) dominent ; "
            "Obenabe et Undenufe sont sans atout."
        ),
        "learn.schieber.3.title": "Ce que vous pouvez jouer",
        "learn.schieber.3.intro": (
            "On peut toujours couper, mais jamais sous un atout déjà dans le pli."
        ),
        "learn.schieber.4.title": "Weis et Stöck",
        "learn.schieber.4.intro": (
            "Suites et carrés de la main distribuée sont des Weis ; le roi et la dame "
            "d'atout sont le Stöck."
        ),
        "learn.schieber.5.title": "La donne entière et l'objectif",
        "learn.schieber.5.intro": (
            "Cartes, dernier pli, Weis et Stöck, le tout multiplié par le facteur. La "
            "première équipe à 3000 gagne, même au milieu d'une donne."
        ),
        "learn.why.schieber.contract": (
            "Le forehand peut nommer un atout, Obenabe ou Undenufe, ou pousser le choix au "
            "partenaire."
        ),
        "learn.why.schieber.push": (
            "Après un schieben le partenaire doit nommer le contrat : il ne peut pas le "
            "renvoyer."
        ),
        "learn.why.schieber.factor": (
            "Trèfle et pique comptent une fois, carreau et cœur deux fois, Obenabe trois et "
            "Undenufe quatre."
        ),
        "learn.why.schieber.cards": (
            "À l'atout : V 20, 9 14, A 11, R 4, D 3, 10 10 ; ailleurs : A 11, R 4, D 3, V 2, "
            "10 10. Ici {sum} = {points}."
        ),
        "learn.why.schieber.trick": (
            "Le meilleur atout gagne ; à l'atout le Puur (valet) est le plus fort, puis le "
            "Näll (neuf)."
        ),
        "learn.why.schieber.no-trump": (
            "Sans atout il faut fournir ; la meilleure carte de la couleur demandée gagne : "
            "l'as en Obenabe, le six en Undenufe."
        ),
        "learn.why.schieber.trump-anytime": (
            "Avec un contrat à l'atout vous pouvez couper même en pouvant fournir."
        ),
        "learn.why.schieber.discard": "Sans la couleur demandée vous jouez ce que vous voulez.",
        "learn.why.schieber.no-undertrump": (
            "Quand un atout est déjà dans le pli, vous ne pouvez pas jouer un atout plus "
            "faible sauf si vous n'avez que des atouts, même si votre partenaire est maître."
        ),
        "learn.why.schieber.trump-lead": (
            "Sur entame d'atout vous devez jouer atout si vous en avez."
        ),
        "learn.why.schieber.puur": (
            "Le Puur seul atout peut être gardé sur une entame d'atout : on joue alors ce "
            "qu'on veut."
        ),
        "learn.why.schieber.weis": (
            "Suites de 3, 4, 5 cartes ou plus : 20, 50, 100 ; quatre valets 200, quatre as, "
            "rois, dames ou dix 100. Les vôtres : {melds}."
        ),
        "learn.why.schieber.weis-compare": (
            "Le plus fort Weis décide : points, puis longueur, puis rang, puis atout ; cette "
            "équipe marque tous ses Weis."
        ),
        "learn.why.schieber.stoeck": (
            "Le Stöck, roi et dame d'atout dans une main distribuée, vaut 20 avant le "
            "facteur."
        ),
        "learn.why.schieber.deal": (
            "Points de cartes avec le dernier pli, plus les Weis, fois le facteur : ({ours} + "
            "{weis}) × {factor} = {written} et {theirs} × {factor} = {theirs_written}."
        ),
        "learn.why.schieber.match-bonus": (
            "Une équipe qui fait les neuf plis ajoute 100 (le Match) : 157 + 100 = 257, fois "
            "2 pour cœur."
        ),
        "learn.why.schieber.target": (
            "Une équipe gagne dès qu'elle atteint l'objectif, même au milieu d'une donne : "
            "Stöck d'abord, puis Weis, puis le pli."
        ),
        "learn.puzzle.title": "Problème {id}",
        "learn.puzzle.difficulty.1": "facile",
        "learn.puzzle.difficulty.2": "moyen",
        "learn.puzzle.difficulty.3": "difficile",
        "learn.puzzle.question": "À vous de jouer ({difficulty}). Quelle carte est la meilleure ?",
        "learn.puzzle.not-legal": "{card} ne peut pas être joué ici : {reason}",
        "learn.puzzle.worse": (
            "{card} est moins bon : sur les donnes que permettent les cartes cachées, il "
            "marque en moyenne {loss} points de moins que la meilleure carte."
        ),
        "learn.puzzle.solution-all": (
            "{card} est la meilleure carte dans chacune des {worlds} donnes que votre vue "
            "permet (le solveur les a toutes jouées) : en moyenne {margin} points de mieux "
            "que la suivante, {second}."
        ),
        "learn.puzzle.solution-sampled": (
            "{card} a été la meilleure dans chacune des {worlds} donnes tirées parmi celles "
            "que votre vue permet, {margin} points de mieux en moyenne que la suivante, "
            "{second}."
        ),
        "learn.puzzle.line": "Avec le meilleur jeu sur les vraies cartes : {line}.",
        "learn.puzzle.none": "Pas encore de problème pour ce jeu.",
    },
    "es": {
        "learn.title": "Aprender {game}",
        "learn.link": "Aprender a jugar: lecciones y problemas",
        "learn.lessons": "Lecciones",
        "learn.puzzles": "Problemas",
        "learn.daily": "Problema del día",
        "learn.lesson": "Lección {number}: {title}",
        "learn.step": "Pregunta {number} de {total}",
        "learn.progress": "Preguntas resueltas: {done} de {total}",
        "learn.done": "resuelto",
        "learn.right": "¡Correcto!",
        "learn.wrong": "No del todo.",
        "learn.try-again": "Inténtalo de nuevo.",
        "learn.answer-is": "La respuesta: {answer}",
        "learn.not-allowed": "{action} no se puede jugar: {reason}",
        "learn.also-allowed": "{action} también está permitido",
        "learn.not-that-number": "{number} no es la cuenta",
        "learn.not-that-one": "no {option}",
        "learn.team.yours": "Tu equipo",
        "learn.team.theirs": "El otro equipo",
        "learn.choice.none": "Nadie",
        "learn.your-hand": "Tu mano",
        "learn.hand-of": "Mano de {seat}",
        "learn.trick": "En la mesa",
        "learn.last-trick": "Baza recién jugada",
        "learn.trump": "Triunfo: {trump}",
        "learn.no-trump": "Aún sin triunfo",
        "learn.turned": "Carta vuelta: {card}",
        "learn.indicator": "Indicador: {card}",
        "learn.bottom": "Carta de abajo: {card}",
        "learn.dealer": "Repartidor: {seat}",
        "learn.to-play": "Actúa: {seat}",
        "learn.position": "Posición (notación de partidas): {position}",
        "learn.pick-legal": "Elige todas las acciones permitidas y luego comprueba.",
        "learn.check": "Comprobar",
        "learn.show": "Ver la respuesta",
        "learn.next": "Siguiente",
        "learn.back": "Volver",
        "learn.share": "Compartir esta posición",
        "learn.cli.menu": (
            "Elige una lección por su número, 'p' para los problemas, 'd' para el problema "
            "del día, 'q' para salir."
        ),
        "learn.cli.answer-legal": (
            "Tu respuesta (todas las cartas o acciones permitidas, separadas por comas o "
            "espacios; 'show' da la respuesta, 'skip' sigue, 'quit' sale): "
        ),
        "learn.cli.answer-choice": (
            "Tu respuesta (un número; 'show' da la respuesta, 'skip' sigue, 'quit' sale): "
        ),
        "learn.cli.answer-number": (
            "Tu respuesta (un número; 'show' da la respuesta, 'skip' sigue, 'quit' sale): "
        ),
        "learn.cli.answer-card": (
            "Tu carta ('show' da la solución, 'skip' sigue, 'quit' sale): "
        ),
        "learn.cli.unreadable": "No he podido leer {text!r}.",
        "learn.cli.saved": "Progreso guardado en {path}.",
        "learn.cli.cannot-save": "No se pudo guardar el progreso en {path}: {reason}",
        "learn.cli.bye": "¡Hasta pronto!",
        "learn.cli.lesson-done": "Lección terminada.",
        "learn.cli.choose": "Tu elección: ",
        "learn.q.legal": "¿Qué cartas puedes jugar ahora? Nómbralas todas.",
        "learn.q.legal-bid": "¿Qué puedes declarar ahora? Nómbralo todo.",
        "learn.q.legal-contract": "¿Qué puedes decir ahora? Nombra todas las opciones.",
        "learn.q.trick-winner": "¿Quién gana la baza recién jugada?",
        "learn.q.trick-points": "¿Cuántos puntos de cartas tiene la baza recién jugada?",
        "learn.q.trick-written": "Con el factor del contrato, ¿cuántos puntos anota esa baza "
                                 "para sus ganadores?",
        "learn.q.next-dealer": "Todos pasaron dos veces. ¿Quién reparte ahora?",
        "learn.q.hand-size": "El triunfo está fijado y se han repartido las cartas. ¿Cuántas "
                             "cartas tienes ahora?",
        "learn.q.sequence-points": "¿Cuántos puntos valen tus escaleras?",
        "learn.q.sequence-winner": "¿De quién cuentan las escaleras en esta mano?",
        "learn.q.sequence-scored": "La escalera de tu rival ganó a la tuya. ¿Cuántos puntos "
                                   "de escaleras anota en esta mano?",
        "learn.q.bela-points": "Tenías bela. ¿Cuántos puntos te da aquí?",
        "learn.q.card-points": "¿Cuántos puntos de cartas ganaste en esta mano, con la última "
                               "baza?",
        "learn.q.defender-records": "¿Qué anota el defensor en esta mano?",
        "learn.q.hanging": "¿Cuántos puntos quedan suspendidos tras esta mano?",
        "learn.q.caller-records-hanging": (
            "Quedan 81 puntos suspendidos de la mano anterior. ¿Qué recibe el declarante de "
            "esta mano, en total?"
        ),
        "learn.q.match-winner": "¿Quién gana la partida?",
        "learn.q.match-winner-team": "¿Qué equipo gana la partida?",
        "learn.q.announcement-points": "¿Cuántos puntos valen tus cantes?",
        "learn.q.announcement-winner": "¿Qué cante gana la comparación?",
        "learn.q.takers-record": "¿Qué anotan los que tomaron en esta mano?",
        "learn.q.defenders-record": "¿Qué anotan los defensores en esta mano?",
        "learn.q.held": "¿Cuántos puntos de los que tomaron quedan retenidos para la mano "
                        "siguiente?",
        "learn.q.factor": "Corazones es triunfo. ¿Por cuánto se multiplica todo?",
        "learn.q.weis-points": "¿Cuántos puntos valen tus Weis?",
        "learn.q.weis-team": "¿Qué equipo anota sus Weis?",
        "learn.q.stoeck": "¿Cuántos puntos da tu Stöck, antes del factor?",
        "learn.q.team-writes": "¿Qué anota tu equipo en esta mano?",
        "learn.fact.totals": "Totales: declarante {caller}, defensor {defender}.",
        "learn.fact.team-totals": "Totales: los que tomaron {takers}, defensores {defenders}.",
        "learn.fact.captured": "Tus bazas tienen {captured} puntos de cartas; tu rival ganó "
                               "la última baza.",
        "learn.fact.captured-last": "Tus bazas tienen {captured} puntos de cartas, y ganaste "
                                    "la última baza.",
        "learn.fact.deberts-match": (
            "Antes de esta mano: declarante {caller_before}, defensor {defender_before}. La "
            "mano termina {caller} a {defender}."
        ),
        "learn.fact.belote-match": (
            "Antes de esta mano: tu equipo {ours}, el otro {theirs}; la mano anota "
            "{ours_now} a {theirs_now}."
        ),
        "learn.fact.schieber-deal": (
            "Puntos de cartas {ours} a {theirs}; Weis {weis_ours} a {weis_theirs}; factor "
            "×{factor}."
        ),
        "learn.fact.scores-before": (
            "Anotado antes de esta mano: tu equipo {ours}, el otro {theirs}; el objetivo es "
            "3000."
        ),
        "learn.deberts.1.title": "Cartas y bazas",
        "learn.deberts.1.intro": (
            "Dos jugadores, 32 cartas. Cada palo tiene dos órdenes: de triunfo y normal. El "
            "triunfo más alto gana la baza; si no, la carta más alta del palo de salida."
        ),
        "learn.deberts.2.title": "Elegir el triunfo",
        "learn.deberts.2.intro": (
            "Seis cartas a cada uno y se descubre la siguiente: el indicador. Dos vueltas "
            "deciden el triunfo; luego tres cartas más a cada uno."
        ),
        "learn.deberts.3.title": "Qué hay que jugar",
        "learn.deberts.3.intro": (
            "Asistir; ante salida de triunfo, superarla si puedes; sin el palo, fallar; si "
            "no, cualquier carta."
        ),
        "learn.deberts.4.title": "El 7 de triunfo, escaleras y bela",
        "learn.deberts.4.intro": (
            "Antes de tu primera carta puedes cambiar el 7 de triunfo por el indicador. Las "
            "escaleras de un palo puntúan, y también rey y dama de triunfo juntos."
        ),
        "learn.deberts.5.title": "El contrato",
        "learn.deberts.5.intro": (
            "Al final cada uno suma cartas, última baza, escaleras y bela. El declarante "
            "debe tener más que el defensor."
        ),
        "learn.deberts.6.title": "La partida y las opciones",
        "learn.deberts.6.intro": (
            "Se juega hasta que alguien llega a 501. Dos opciones cambian la mano: doblar y "
            "los cuatro sietes."
        ),
        "learn.why.deberts.cards": (
            "En triunfo el orden es J 9 A 10 K Q 8 7 y valen 20 14 11 10 4 3 0 0; en los "
            "demás palos A 10 K Q J 9 8 7 y valen 11 10 4 3 2 0 0 0."
        ),
        "learn.why.deberts.trick": (
            "Un triunfo gana a cualquier carta de otro palo, incluso uno bajo contra un as."
        ),
        "learn.why.deberts.bidding": (
            "En la primera vuelta solo se puede aceptar el palo del indicador o pasar; en la "
            "segunda solo otro palo, o pasar."
        ),
        "learn.why.deberts.throw-in": (
            "Tras cuatro pases la mano se anula: no es una mano jugada, y reparte el otro "
            "jugador."
        ),
        "learn.why.deberts.hands": (
            "Fijado el triunfo, cada uno recibe tres cartas más, 9 en total; la carta de "
            "abajo del resto se descubre para información y nunca se juega."
        ),
        "learn.why.deberts.follow": (
            "Debes asistir al palo de salida si puedes; nada obliga a superar una carta que "
            "no es triunfo."
        ),
        "learn.why.deberts.must-trump": (
            "Sin carta del palo de salida debes jugar triunfo si tienes."
        ),
        "learn.why.deberts.any-card": (
            "Sin el palo de salida ni triunfo, se puede jugar cualquier carta."
        ),
        "learn.why.deberts.trump-lead": (
            "Ante salida de triunfo debes superarla si puedes: sale el 9♥, así que hay que "
            "jugar la J♥ y el 7♥ no está permitido, ni para guardar la jota."
        ),
        "learn.why.deberts.cannot-beat": (
            "Ante salida de triunfo hay que superarla si se puede; si ningún triunfo tuyo es "
            "mayor, vale cualquiera."
        ),
        "learn.why.deberts.exchange": (
            "Solo cuando el palo del indicador es triunfo, quien tiene el 7 de triunfo puede "
            "cambiarlo por el indicador, antes de su propia primera carta; es una elección."
        ),
        "learn.why.deberts.sequences": (
            "Tres cartas seguidas de un palo son un terc (20), cuatro un bertz (50); una "
            "escalera más larga se corta desde arriba en un bertz, y lo que queda cuenta de "
            "nuevo si tiene 3 cartas. Las tuyas: {melds}."
        ),
        "learn.why.deberts.sequence-compare": (
            "Se comparan las mejores escaleras: la más larga, luego la más alta, luego la de "
            "triunfo; entre iguales que no son de triunfo gana el no repartidor. Solo el "
            "ganador puntúa."
        ),
        "learn.why.deberts.sequence-trick": (
            "El ganador de la comparación solo puntúa sus escaleras si gana al menos una "
            "baza; aquí no ganó ninguna, así que nadie puntúa escaleras."
        ),
        "learn.why.deberts.bela": (
            "La bela, rey y dama de triunfo en una mano, vale 20 a quien la tiene, incluso "
            "sin baza."
        ),
        "learn.why.deberts.last-trick": (
            "La última baza suma 10 a los puntos de cartas de quien la gana."
        ),
        "learn.why.deberts.contract-made": (
            "Cuando el declarante tiene más, cada uno anota su propio total."
        ),
        "learn.why.deberts.bait": (
            "Cuando el declarante tiene menos (bait), anota 0 y el defensor ambos totales: "
            "{caller} y {defender} dan 0 y {both}."
        ),
        "learn.why.deberts.tie": (
            "Con totales iguales el defensor anota el suyo y la suma del declarante queda "
            "suspendida: irá al ganador de la siguiente mano jugada."
        ),
        "learn.why.deberts.hanging": (
            "El declarante gana esta mano, {caller} a {defender}: anota {caller} y se lleva "
            "los {hanging} suspendidos, {total}; el defensor anota {defender}."
        ),
        "learn.why.deberts.match": (
            "Un jugador con 501 o más gana; si ambos llegan en la misma mano, gana el "
            "defensor de esa mano, con 501 a 500. Aquí: {caller_after} a {defender_after}."
        ),
        "learn.why.deberts.options": (
            "Las opciones cambian la mano: con doblas el defensor puede doblar justo tras "
            "fijar el triunfo (y el declarante redoblar); con los cuatro sietes quien los "
            "tiene puede anular la mano antes de su primera carta."
        ),
        "learn.belote.1.title": "Cartas y bazas",
        "learn.belote.1.intro": (
            "Cuatro jugadores en dos equipos, compañeros enfrentados, 32 cartas. El triunfo "
            "más alto gana la baza; si no, la carta más alta del palo de salida."
        ),
        "learn.belote.2.title": "La subasta",
        "learn.belote.2.intro": (
            "Cinco cartas a cada uno y una carta vuelta. Dos vueltas deciden el triunfo; "
            "luego se completan las manos a ocho."
        ),
        "learn.belote.3.title": "Las obligaciones del juego",
        "learn.belote.3.intro": (
            "Asistir, montar en triunfo, fallar cuando gana un rival: la Belote exige mucho "
            "a quien no tiene el palo de salida."
        ),
        "learn.belote.4.title": "Belote y cantes",
        "learn.belote.4.intro": (
            "Escaleras y cuartetos puntúan para un solo equipo; rey y dama de triunfo "
            "puntúan para quien los tiene."
        ),
        "learn.belote.5.title": "El contrato y la partida",
        "learn.belote.5.intro": (
            "Los que toman deben sumar más que los defensores, o se lo dejan todo a ellos."
        ),
        "learn.why.belote.cards": (
            "En triunfo J 9 A 10 K Q 8 7 valen 20 14 11 10 4 3 0 0; en los demás palos "
            "A 10 K Q J 9 8 7 valen 11 10 4 3 2 0 0 0."
        ),
        "learn.why.belote.trick": "Un triunfo gana a cualquier carta de otro palo.",
        "learn.why.belote.bidding": (
            "En la primera vuelta cada uno puede tomar el palo de la carta vuelta o pasar; "
            "en la segunda, nombrar otro palo o pasar."
        ),
        "learn.why.belote.hands": (
            "Quien toma recibe la carta vuelta y dos más, los demás tres: 8 cartas cada uno."
        ),
        "learn.why.belote.follow": "Debes asistir al palo de salida si puedes.",
        "learn.why.belote.must-trump": (
            "Sin el palo de salida, cuando un rival gana la baza, debes fallar."
        ),
        "learn.why.belote.overtrump": (
            "Cuando debes fallar, debes superar el mejor triunfo de la baza si puedes."
        ),
        "learn.why.belote.undertrump": (
            "Cuando debes fallar pero no puedes superar el mejor triunfo, debes jugar igual "
            "un triunfo menor."
        ),
        "learn.why.belote.trump-lead": (
            "Ante salida de triunfo debes superar el mejor triunfo de la baza si puedes, "
            "aunque sea de tu compañero."
        ),
        "learn.why.belote.partner-winning": (
            "Cuando tu compañero gana la baza puedes jugar cualquier carta: descartarte, "
            "fallar por debajo o por encima."
        ),
        "learn.why.belote.options": (
            "Las opciones cambian las obligaciones: sin obligación de fallar por debajo, "
            "quien no puede superar juega lo que quiera; con el capot anunciado, los que "
            "toman pueden decir capot antes de su primera carta."
        ),
        "learn.why.belote.announcements": (
            "Tercera 20, cuarta 50, quinta 100; cuatro jotas 200, cuatro nueves 150, cuatro "
            "ases, dieces, reyes o damas 100. Una escalera de más de 5 se corta desde "
            "arriba. Los tuyos: {melds}."
        ),
        "learn.why.belote.announcement-compare": (
            "Se comparan los mejores cantes: valor, luego altura, luego escalera de triunfo, "
            "luego el jugador que juega antes."
        ),
        "learn.why.belote.belote": (
            "La belote-rebelote (rey y dama de triunfo en una mano) queda para su equipo "
            "pase lo que pase con el contrato: incluso tras un dedans los que tomaron la "
            "anotan."
        ),
        "learn.why.belote.made": (
            "Cuando los que toman tienen más, ambos equipos anotan sus totales."
        ),
        "learn.why.belote.dedans": (
            "Cuando los que toman tienen menos (dedans), los defensores anotan 162 y todos "
            "los cantes, los que tomaron solo su belote."
        ),
        "learn.why.belote.litige": (
            "Con totales iguales (litigio) los defensores anotan el suyo y los puntos de los "
            "que tomaron quedan retenidos para el ganador de la mano siguiente."
        ),
        "learn.why.belote.capot": (
            "El equipo que gana todas las bazas hace capot: 250 en vez de 162, aquí con la "
            "belote, 270."
        ),
        "learn.why.belote.match": (
            "Tras una mano, el equipo con 1000 o más gana; si ambos, gana el total mayor."
        ),
        "learn.schieber.1.title": "El contrato",
        "learn.schieber.1.intro": (
            "La mano (forehand) nombra el contrato o se lo pasa al compañero (schieben). El "
            "contrato fija un factor para todo lo que puntúa la mano."
        ),
        "learn.schieber.2.title": "Cartas y bazas",
        "learn.schieber.2.intro": (
            "36 cartas, del 6 al as. En triunfo mandan la jota (Puur) y el nueve (Näll); "
            "Obenabe y Undenufe no tienen triunfo."
        ),
        "learn.schieber.3.title": "Qué puedes jugar",
        "learn.schieber.3.intro": (
            "Siempre puedes fallar, pero nunca por debajo de un triunfo ya en la baza."
        ),
        "learn.schieber.4.title": "Weis y Stöck",
        "learn.schieber.4.intro": (
            "Escaleras y cuartetos de la mano repartida son Weis; rey y dama de triunfo son "
            "el Stöck."
        ),
        "learn.schieber.5.title": "La mano entera y el objetivo",
        "learn.schieber.5.intro": (
            "Cartas, última baza, Weis y Stöck, todo por el factor. El primer equipo en "
            "llegar a 3000 gana, incluso en mitad de una mano."
        ),
        "learn.why.schieber.contract": (
            "La mano puede nombrar un triunfo, Obenabe o Undenufe, o pasar la elección al "
            "compañero."
        ),
        "learn.why.schieber.push": (
            "Tras un schieben el compañero debe nombrar el contrato: no puede devolverlo."
        ),
        "learn.why.schieber.factor": (
            "Tréboles y picas cuentan una vez, diamantes y corazones dos, Obenabe tres y "
            "Undenufe cuatro."
        ),
        "learn.why.schieber.cards": (
            "En triunfo: J 20, 9 14, A 11, K 4, Q 3, 10 10; en los demás palos: A 11, K 4, "
            "Q 3, J 2, 10 10. Aquí {sum} = {points}."
        ),
        "learn.why.schieber.trick": (
            "Gana el mejor triunfo; en triunfo el Puur (jota) es el más alto, luego el Näll "
            "(nueve)."
        ),
        "learn.why.schieber.no-trump": (
            "Sin triunfo hay que asistir; gana la mejor carta del palo de salida: el as en "
            "Obenabe, el seis en Undenufe."
        ),
        "learn.why.schieber.trump-anytime": (
            "Con un contrato de triunfo puedes fallar aunque puedas asistir."
        ),
        "learn.why.schieber.discard": "Sin el palo de salida puedes jugar cualquier carta.",
        "learn.why.schieber.no-undertrump": (
            "Con un triunfo ya en la baza no puedes jugar un triunfo menor salvo que solo "
            "tengas triunfos, aunque tu compañero vaya ganando."
        ),
        "learn.why.schieber.trump-lead": (
            "Ante salida de triunfo debes jugar triunfo si tienes."
        ),
        "learn.why.schieber.puur": (
            "El Puur como único triunfo puede guardarse ante salida de triunfo: entonces "
            "vale cualquier carta."
        ),
        "learn.why.schieber.weis": (
            "Escaleras de 3, 4, 5 o más: 20, 50, 100; cuatro jotas 200, cuatro ases, reyes, "
            "damas o dieces 100. Los tuyos: {melds}."
        ),
        "learn.why.schieber.weis-compare": (
            "Decide el Weis más fuerte: puntos, luego longitud, luego rango, luego triunfo; "
            "ese equipo anota todos sus Weis."
        ),
        "learn.why.schieber.stoeck": (
            "El Stöck, rey y dama de triunfo en una mano repartida, vale 20 antes del factor."
        ),
        "learn.why.schieber.deal": (
            "Puntos de cartas con la última baza, más los Weis, por el factor: ({ours} + "
            "{weis}) × {factor} = {written} y {theirs} × {factor} = {theirs_written}."
        ),
        "learn.why.schieber.match-bonus": (
            "Un equipo que gana las nueve bazas suma 100 (el Match): 157 + 100 = 257, por 2 "
            "en corazones."
        ),
        "learn.why.schieber.target": (
            "Un equipo gana en cuanto llega al objetivo, incluso en mitad de una mano: "
            "primero el Stöck, luego los Weis, luego la baza."
        ),
        "learn.puzzle.title": "Problema {id}",
        "learn.puzzle.difficulty.1": "fácil",
        "learn.puzzle.difficulty.2": "medio",
        "learn.puzzle.difficulty.3": "difícil",
        "learn.puzzle.question": "Te toca jugar ({difficulty}). ¿Qué carta es la mejor?",
        "learn.puzzle.not-legal": "{card} no se puede jugar aquí: {reason}",
        "learn.puzzle.worse": (
            "{card} es peor: en las manos que permiten las cartas ocultas anota de media "
            "{loss} puntos menos que la mejor carta."
        ),
        "learn.puzzle.solution-all": (
            "{card} es la mejor en cada una de las {worlds} manos que tu vista permite (el "
            "solver las jugó todas): de media {margin} puntos mejor que la siguiente, "
            "{second}."
        ),
        "learn.puzzle.solution-sampled": (
            "{card} fue la mejor en cada una de {worlds} manos sacadas de lo que tu vista "
            "permite, {margin} puntos mejor de media que la siguiente, {second}."
        ),
        "learn.puzzle.line": "Con el mejor juego sobre las cartas reales: {line}.",
        "learn.puzzle.none": "Aún no hay problemas para este juego.",
    },
}
