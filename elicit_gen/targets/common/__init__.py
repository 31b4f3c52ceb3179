"""What the emitters share: the target protocol (:mod:`.base`), wording (:mod:`.hints`,
:mod:`.text`), layout (:mod:`.layout`, :mod:`.ranges`), the printer (:mod:`.pyprint`), the
formatter and its style (:mod:`.pyformat`, :mod:`.style`), templates (:mod:`.render`) and the
runtime parts copied into generated modules (:mod:`.runtime`)."""
