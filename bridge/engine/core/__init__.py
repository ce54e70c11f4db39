"""What every card shares: the Command base, the working context of a Command, the change
flags, the form types (a parameter, its choices, a spend), the spend table, the GM's
battle-wide edits and the dice tray."""
