"""Messages of the Deberts table (the club's own words in each language)."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "deberts.announces.you": "You announce a {kind} to the {rank}",
        "deberts.sequence-winner.you": "You have the best sequence",
        "deberts.shows.you": "You show: {melds}",
        "deberts.says-bela.you": "You say bela (20)",
        "deberts.exchanges.you": "You exchange the trump 7 for the indicator {card}",
        "deberts.doubles.you": "You double",
        "deberts.redoubles.you": "You redouble",
        "deberts.cancels.you": "You show the four 7s: the deal is cancelled",
        "deberts.hanging-paid.you": "You take the {points} hanging points",
        "deberts.outcome.made.you": "You, the caller, made it",
        "deberts.outcome.bait.you": "Bait! You, the caller, have less and record 0",
        "deberts.title": "Deberts",
        "deberts.indicator": "Indicator",
        "deberts.bottom": "Bottom card",
        "deberts.caller": "Caller",
        "deberts.defender": "Defender",
        "deberts.hanging": "Hanging",
        "deberts.factor": "Doubled ×{factor}",
        "deberts.terc": "terc",
        "deberts.bertz": "bertz",
        "deberts.bela": "bela",
        "deberts.sequences": "Sequences",
        "deberts.your-sequences": "Your sequences",
        "deberts.announces": "{seat} announces a {kind} to the {rank}",
        "deberts.sequence-winner": "{seat} has the best sequence",
        "deberts.shows": "{seat} shows: {melds}",
        "deberts.says-bela": "{seat} says bela (20)",
        "deberts.exchanges": "{seat} exchanges the trump 7 for the indicator {card}",
        "deberts.doubles": "{seat} doubles",
        "deberts.redoubles": "{seat} redoubles",
        "deberts.cancels": "{seat} shows the four 7s: the deal is cancelled",
        "deberts.bid.pass": "pass",
        "deberts.bid.take": "take {suit}",
        "deberts.bid.name": "name {suit}",
        "deberts.action.exchange": "exchange the trump 7 for {card}",
        "deberts.action.double": "double",
        "deberts.action.redouble": "redouble",
        "deberts.action.sevens": "cancel the deal (four 7s)",
        "deberts.round": "Trump choice, round {round}",
        "deberts.outcome.made": "{seat}, the caller, made it",
        "deberts.outcome.bait": "Bait! {seat}, the caller, has less and records 0",
        "deberts.outcome.tie": "Equal totals: {points} points hang for the next deal",
        "deberts.outcome.thrown-in": "Four passes: the deal is thrown in",
        "deberts.outcome.cancelled": "The deal is cancelled",
        "deberts.hanging-paid": "{seat} takes the {points} hanging points",
        "deberts.breakdown": "Deal {number}: breakdown",
        "deberts.no-sequences": "no sequence scores",
        "rule.deberts.follow-suit": "you must follow suit ({suit})",
        "rule.deberts.beat-trump-lead": "on a trump lead you must beat {card} when you can",
        "rule.deberts.must-trump": "without the led suit you must play a trump ({suit})",
        "rule.deberts.first-round-indicator": (
            "in the first round only the indicator's suit ({suit}) may be taken"
        ),
        "rule.deberts.second-round-other-suit": (
            "in the second round you must name a suit other than {suit}"
        ),
        "rule.deberts.exchange": (
            "only the holder of the trump 7, when trump is the indicator's suit, may "
            "exchange it for the indicator, before their own first card"
        ),
        "rule.deberts.four-sevens": (
            "only a player holding the four 7s may cancel the deal, before their first "
            "card, when that option is on"
        ),
        "rule.deberts.doubling": (
            "doubling is possible only with that option, right after the trump is fixed"
        ),
    },
    "fr": {
        "deberts.announces.you": "Vous annoncez un {kind} au {rank}",
        "deberts.sequence-winner.you": "Vous avez la meilleure suite",
        "deberts.shows.you": "Vous montrez : {melds}",
        "deberts.says-bela.you": "Vous annoncez bela (20)",
        "deberts.exchanges.you": "Vous échangez le 7 d'atout contre l'indicateur {card}",
        "deberts.doubles.you": "Vous contrez",
        "deberts.redoubles.you": "Vous surcontrez",
        "deberts.cancels.you": "Vous montrez les quatre 7 : la donne est annulée",
        "deberts.hanging-paid.you": "Vous prenez les {points} points suspendus",
        "deberts.outcome.made.you": "Vous, le preneur, avez réussi",
        "deberts.outcome.bait.you": "Bait ! Vous, le preneur, avez moins et marquez 0",
        "deberts.title": "Deberts",
        "deberts.indicator": "Indicateur",
        "deberts.bottom": "Carte du dessous",
        "deberts.caller": "Preneur",
        "deberts.defender": "Défenseur",
        "deberts.hanging": "Suspendu",
        "deberts.factor": "Contré ×{factor}",
        "deberts.terc": "terc",
        "deberts.bertz": "bertz",
        "deberts.bela": "bela",
        "deberts.sequences": "Suites",
        "deberts.your-sequences": "Vos suites",
        "deberts.announces": "{seat} annonce un {kind} au {rank}",
        "deberts.sequence-winner": "{seat} a la meilleure suite",
        "deberts.shows": "{seat} montre : {melds}",
        "deberts.says-bela": "{seat} annonce bela (20)",
        "deberts.exchanges": "{seat} échange le 7 d'atout contre l'indicateur {card}",
        "deberts.doubles": "{seat} contre",
        "deberts.redoubles": "{seat} surcontre",
        "deberts.cancels": "{seat} montre les quatre 7 : la donne est annulée",
        "deberts.bid.pass": "passer",
        "deberts.bid.take": "prendre {suit}",
        "deberts.bid.name": "nommer {suit}",
        "deberts.action.exchange": "échanger le 7 d'atout contre {card}",
        "deberts.action.double": "contrer",
        "deberts.action.redouble": "surcontrer",
        "deberts.action.sevens": "annuler la donne (quatre 7)",
        "deberts.round": "Choix de l'atout, tour {round}",
        "deberts.outcome.made": "{seat}, le preneur, a réussi",
        "deberts.outcome.bait": "Bait ! {seat}, le preneur, a moins et marque 0",
        "deberts.outcome.tie": "Totaux égaux : {points} points sont suspendus pour la donne suivante",
        "deberts.outcome.thrown-in": "Quatre passes : la donne est annulée",
        "deberts.outcome.cancelled": "La donne est annulée",
        "deberts.hanging-paid": "{seat} prend les {points} points suspendus",
        "deberts.breakdown": "Donne {number} : décompte",
        "deberts.no-sequences": "aucune suite ne marque",
        "rule.deberts.follow-suit": "vous devez fournir ({suit})",
        "rule.deberts.beat-trump-lead": "sur une entame atout, vous devez dépasser {card} si possible",
        "rule.deberts.must-trump": "sans la couleur demandée, vous devez couper ({suit})",
        "rule.deberts.first-round-indicator": (
            "au premier tour, seule la couleur de l'indicateur ({suit}) peut être prise"
        ),
        "rule.deberts.second-round-other-suit": (
            "au second tour, nommez une couleur autre que {suit}"
        ),
        "rule.deberts.exchange": (
            "seul le détenteur du 7 d'atout, quand l'atout est la couleur de l'indicateur, "
            "peut l'échanger contre l'indicateur, avant sa première carte"
        ),
        "rule.deberts.four-sevens": (
            "seul un joueur qui détient les quatre 7 peut annuler la donne, avant sa "
            "première carte, si cette option est active"
        ),
        "rule.deberts.doubling": (
            "le contre n'est possible qu'avec cette option, juste après le choix de l'atout"
        ),
    },
    "es": {
        "deberts.announces.you": "Anuncias un {kind} al {rank}",
        "deberts.sequence-winner.you": "Tienes la mejor escalera",
        "deberts.shows.you": "Muestras: {melds}",
        "deberts.says-bela.you": "Cantas bela (20)",
        "deberts.exchanges.you": "Cambias el 7 de triunfo por el indicador {card}",
        "deberts.doubles.you": "Doblas",
        "deberts.redoubles.you": "Redoblas",
        "deberts.cancels.you": "Muestras los cuatro 7: la mano se anula",
        "deberts.hanging-paid.you": "Te llevas los {points} puntos suspendidos",
        "deberts.outcome.made.you": "Tú, el declarante, lo has logrado",
        "deberts.outcome.bait.you": "¡Bait! Tú, el declarante, tienes menos y anotas 0",
        "deberts.title": "Deberts",
        "deberts.indicator": "Indicador",
        "deberts.bottom": "Carta inferior",
        "deberts.caller": "Declarante",
        "deberts.defender": "Defensor",
        "deberts.hanging": "Suspendido",
        "deberts.factor": "Doblado ×{factor}",
        "deberts.terc": "terc",
        "deberts.bertz": "bertz",
        "deberts.bela": "bela",
        "deberts.sequences": "Escaleras",
        "deberts.your-sequences": "Tus escaleras",
        "deberts.announces": "{seat} anuncia un {kind} al {rank}",
        "deberts.sequence-winner": "{seat} tiene la mejor escalera",
        "deberts.shows": "{seat} muestra: {melds}",
        "deberts.says-bela": "{seat} canta bela (20)",
        "deberts.exchanges": "{seat} cambia el 7 de triunfo por el indicador {card}",
        "deberts.doubles": "{seat} dobla",
        "deberts.redoubles": "{seat} redobla",
        "deberts.cancels": "{seat} muestra los cuatro 7: la mano se anula",
        "deberts.bid.pass": "pasar",
        "deberts.bid.take": "aceptar {suit}",
        "deberts.bid.name": "elegir {suit}",
        "deberts.action.exchange": "cambiar el 7 de triunfo por {card}",
        "deberts.action.double": "doblar",
        "deberts.action.redouble": "redoblar",
        "deberts.action.sevens": "anular la mano (cuatro 7)",
        "deberts.round": "Elección de triunfo, vuelta {round}",
        "deberts.outcome.made": "{seat}, el declarante, lo ha logrado",
        "deberts.outcome.bait": "¡Bait! {seat}, el declarante, tiene menos y anota 0",
        "deberts.outcome.tie": "Totales iguales: {points} puntos quedan suspendidos",
        "deberts.outcome.thrown-in": "Cuatro pases: la mano se anula",
        "deberts.outcome.cancelled": "La mano se anula",
        "deberts.hanging-paid": "{seat} se lleva los {points} puntos suspendidos",
        "deberts.breakdown": "Mano {number}: desglose",
        "deberts.no-sequences": "ninguna escalera puntúa",
        "rule.deberts.follow-suit": "debes asistir al palo ({suit})",
        "rule.deberts.beat-trump-lead": "ante salida de triunfo debes superar {card} si puedes",
        "rule.deberts.must-trump": "sin el palo de salida debes jugar triunfo ({suit})",
        "rule.deberts.first-round-indicator": (
            "en la primera vuelta solo se puede aceptar el palo del indicador ({suit})"
        ),
        "rule.deberts.second-round-other-suit": (
            "en la segunda vuelta elige un palo distinto de {suit}"
        ),
        "rule.deberts.exchange": (
            "solo quien tiene el 7 de triunfo, si el triunfo es el palo del indicador, puede "
            "cambiarlo por el indicador, antes de jugar su primera carta"
        ),
        "rule.deberts.four-sevens": (
            "solo quien tiene los cuatro 7 puede anular la mano, antes de su primera carta, "
            "si esa opción está activa"
        ),
        "rule.deberts.doubling": (
            "doblar solo es posible con esa opción, justo después de fijar el triunfo"
        ),
    },
}
