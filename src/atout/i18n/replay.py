"""Messages of the record viewer (``atout replay``)."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "replay.title": "Replay of {game}",
        "replay.position": "Deal {deal} of {deals}, action {step} of {steps}",
        "replay.dealer": "Dealer: {seat}",
        "replay.start": "Start of the deal",
        "replay.last": "Last action: {seat}: {action}",
        "replay.seat": "Seat {seat}",
        "replay.deal-over": "Deal over ({outcome}): written {written}; scores {scores}",
        "replay.end": "End of the record. Result: {result}",
        "replay.help": (
            "Enter or n: next action · b: back · n 5 / b 5: several · d N: go to deal N · "
            "start / end: of this deal · all: every hand · seat N: what seat N sees · "
            "score: scoresheet · q: quit"
        ),
        "replay.unknown": "Unknown command: {text}. Type h for help.",
        "replay.no-deal": "There are deals 1 to {deals}.",
        "replay.no-seat": "Seats are 0 to {high}.",
        "replay.prompt": "replay> ",
        "replay.scores-after": "After deal {deal}: {scores}",
        "replay.not-utf8": (
            "{file} is not a match record: it is not text in UTF-8 (byte {position} cannot "
            "be read). A record is the text file that atout play --save or the web page writes."
        ),
        "replay.unreadable": "Cannot read {file}: {reason}",
    },
    "fr": {
        "replay.title": "Relecture : {game}",
        "replay.position": "Donne {deal} sur {deals}, action {step} sur {steps}",
        "replay.dealer": "Donneur : {seat}",
        "replay.start": "Début de la donne",
        "replay.last": "Dernière action : {seat} : {action}",
        "replay.seat": "Place {seat}",
        "replay.deal-over": "Donne finie ({outcome}) : marqué {written} ; scores {scores}",
        "replay.end": "Fin de l'enregistrement. Résultat : {result}",
        "replay.help": (
            "Entrée ou n : action suivante · b : retour · n 5 / b 5 : plusieurs · "
            "d N : aller à la donne N · start / end : de cette donne · all : toutes les "
            "mains · seat N : ce que voit la place N · score : feuille de marque · q : quitter"
        ),
        "replay.unknown": "Commande inconnue : {text}. Tapez h pour l'aide.",
        "replay.no-deal": "Les donnes vont de 1 à {deals}.",
        "replay.no-seat": "Les places vont de 0 à {high}.",
        "replay.prompt": "relecture> ",
        "replay.scores-after": "Après la donne {deal} : {scores}",
        "replay.not-utf8": (
            "{file} n'est pas un enregistrement de partie : ce n'est pas du texte en UTF-8 "
            "(l'octet {position} est illisible). Un enregistrement est le fichier texte "
            "qu'écrivent atout play --save ou la page web."
        ),
        "replay.unreadable": "Impossible de lire {file} : {reason}",
    },
    "es": {
        "replay.title": "Repetición de {game}",
        "replay.position": "Mano {deal} de {deals}, acción {step} de {steps}",
        "replay.dealer": "Reparte: {seat}",
        "replay.start": "Comienzo de la mano",
        "replay.last": "Última acción: {seat}: {action}",
        "replay.seat": "Puesto {seat}",
        "replay.deal-over": "Mano terminada ({outcome}): anotado {written}; tanteo {scores}",
        "replay.end": "Fin del registro. Resultado: {result}",
        "replay.help": (
            "Intro o n: acción siguiente · b: atrás · n 5 / b 5: varias · d N: ir a la mano N · "
            "start / end: de esta mano · all: todas las manos · seat N: lo que ve el puesto N · "
            "score: tanteo · q: salir"
        ),
        "replay.unknown": "Orden desconocida: {text}. Escriba h para la ayuda.",
        "replay.no-deal": "Las manos van de 1 a {deals}.",
        "replay.no-seat": "Los puestos van de 0 a {high}.",
        "replay.prompt": "repetición> ",
        "replay.scores-after": "Tras la mano {deal}: {scores}",
        "replay.not-utf8": (
            "{file} no es un registro de partida: no es texto en UTF-8 (el byte {position} "
            "no se puede leer). Un registro es el archivo de texto que escriben "
            "atout play --save o la página web."
        ),
        "replay.unreadable": "No se puede leer {file}: {reason}",
    },
}
