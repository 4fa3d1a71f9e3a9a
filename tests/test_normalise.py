from kg.text.normalise import normalise


def test_variants_fold_to_standard_traditional():
    assert normalise("賔𤣥髙徳鄕荅鼔吿") == "賓玄高德鄉答鼓告"


def test_only_simplified_characters_are_converted():
    # 于 is a traditional character too (s2t would make it 於); 脩 must stay 脩.
    assert normalise("觯笾随将于脩") == "觶籩隨將于脩"


def test_machine_conversion_repairs_need_their_context():
    assert normalise("北麵視筭") == "北面視算"  # (筭 is 算 as well: variants.tsv, GUIDELINES 12)
    assert normalise("故鄭雲:“於是") == "故鄭云:“於是"
    assert normalise("白雲") == "白雲"  # a cloud stays a cloud
    assert normalise("若幹讚者") == "若干贊者"


def test_compatibility_block_folds_and_length_is_kept():
    text = "\uf9d1賔\u3000。"  # U+F9D1 is a compatibility form of 六
    assert normalise(text) == "六賓\u3000。"
    assert len(normalise(text)) == len(text)
