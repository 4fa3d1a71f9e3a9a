from kg.text.normalise import normalise


def test_variants_fold_to_standard_traditional():
    assert normalise("賔𤣥髙徳鄕荅鼔吿") == "賓玄高德鄉答鼓告"
    assert normalise("四𫝊擯") == "四傳擯"  # (覲禮 記; 喪服's 𫝊曰, the 傳 of the other editions)


def test_only_simplified_characters_are_converted():
    # 于 is a traditional character too (s2t would make it 於); 脩 must stay 脩.
    assert normalise("觯笾随将于脩") == "觶籩隨將于脩"


def test_machine_conversion_repairs_need_their_context():
    assert normalise("北麵視筭") == "北面視算"  # (筭 is 算 as well: variants.tsv, GUIDELINES 12)
    assert normalise("故鄭雲:“於是") == "故鄭云:“於是"
    assert normalise("白雲") == "白雲"  # a cloud stays a cloud
    assert normalise("若幹讚者") == "若干贊者"


def test_repairs_of_the_plain_texts_conversion_keep_the_true_words():
    """The plain text's s2t conversion wrote 幾 for 几, 修 for 脩, 慄 for 栗
    (mappings/repairs.tsv); where the 經 itself has 幾 or 修 (聘禮: 問幾月之資,
    關人問從者幾人; 記: 修辭) they stay, and the length is kept."""
    assert normalise("宰授幾，主人受，二手橫執幾") == "宰授几，主人受，二手橫執几"
    assert normalise("問幾月之資幾人") == "問幾月之資幾人"
    assert normalise("婦羞糗、修，坐奠糗；修辭") == "婦羞糗、脩，坐奠糗；修辭"
    assert normalise("棗、慄，納採，大史在乾侯之東；乾肉") == "棗、栗，納采，大史在干侯之東；乾肉"
    assert normalise("𦵏服") == "葬服"
    # 聘禮記 十斗曰斛 and 士喪禮 皆用綌 (the plain text's 鬥, 谷); a valley before no pause stays
    assert normalise("十鬥曰斛，巾二，皆用谷，於笲") == "十斗曰斛，巾二，皆用綌，於笲"
    assert normalise("谷風") == "谷風"


def test_compatibility_block_folds_and_length_is_kept():
    text = "\uf9d1賔\u3000。"  # U+F9D1 is a compatibility form of 六
    assert normalise(text) == "六賓\u3000。"
    assert len(normalise(text)) == len(text)


def test_kanripo_entities_read_as_their_character_in_the_normalised_text_only():
    """SBCK 覲禮 writes 袒 as &KR0221; (no code point): the reading text keeps
    〓 and its offsets, the normalised text reads 袒 (mappings/entities.tsv); an
    entity the table lacks stays 〓 in both."""
    from kg.text.spans import make_span

    source = "乃右肉&KR0221;于廟門之東&KR9999;"
    span = make_span(source, 0, len(source))
    assert span.text == "乃右肉〓于廟門之東〓"
    assert span.norm == "乃右肉袒于廟門之東〓"
    assert source[span.offsets[3]:span.offsets[4]] == "&KR0221;"

