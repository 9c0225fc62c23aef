package org.altml.core.elm;

import static org.altml.core.elm.ElmTestSupport.B2;
import static org.altml.core.elm.ElmTestSupport.B3;
import static org.altml.core.elm.ElmTestSupport.TOL;
import static org.altml.core.elm.ElmTestSupport.W2;
import static org.altml.core.elm.ElmTestSupport.W3;
import static org.altml.core.elm.ElmTestSupport.assertBeta;
import static org.altml.core.elm.ElmTestSupport.assertMatrix;
import static org.altml.core.elm.ElmTestSupport.assertScores;
import static org.altml.core.elm.ElmTestSupport.explicit;
import static org.altml.core.elm.ElmTestSupport.hidden;
import static org.altml.core.elm.ElmTestSupport.settings;
import static org.altml.core.elm.ElmTestSupport.x;
import static org.altml.core.elm.ElmTestSupport.y;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.altml.core.learner.Scores;
import org.altml.core.learner.Settings;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The worked examples E1–E4 of docs/spec.md#elm-worked-examples, to 1e-9 in double precision. The expected values
 * were computed by an independent numpy script (float64, not part of the repository) and printed with 17 digits; the
 * weights are explicit doubles (0.3 and −0.6 of E4 are not floats). The sequential steps run with block sizes 1, 2
 * and the default: the block form equals the single-example steps (docs/spec.md#elm-properties).
 */
class ElmWorkedExamplesTest {
  @Test
  void hiddenRowsMatchTheSpecification() {
    ElmLearner l = explicit(settings("osml-elm"), W2, B2, 3);
    double[][] expected = {
        {0.6456563062257954, 0.4875026035157896}, {0.34298953732650117, 0.7685247834990175},
        {0.46257015465625045, 0.7211151780228631}, {0.7502601055951177, 0.2839402061842902}};
    for (int i = 0; i < 4; i++) {
      assertArrayEquals(expected[i], hidden(l, x(i)), TOL, "h" + (i + 1));
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 64})
  void e1OsmlElmFullRankStart(int block) {
    OsmlElm l = (OsmlElm) explicit(settings("osml-elm").with("block", block), W2, B2, 3);
    Scores s = new Scores(3);
    for (int i = 0; i < 3; i++) {
      l.predictThenUpdate(x(i), y(i), s);
      assertEquals(0, s.predictedCount(), "empty predictions before the initial block is solved");
    }
    assertMatrix(new double[][] {{7.592663382377444, -5.135305163249072}, {-5.135305163249071, 4.214945348689243}}, l.m(), "E1 M0");
    assertBeta(new double[][] {{3.550174523180649, -3.550174523180649, -3.9321885670984464},
        {-2.074757189565759, 2.074757189565759, 3.402801513376795}}, l, "E1 β0");
    assertScores(new double[] {2.07444732845497, -2.07444732845497, -1.983972046258773}, l, 3, "E1 before");
    l.predict(x(3), s);
    assertTrue(s.isPredicted(0) && !s.isPredicted(1) && !s.isPredicted(2), "Ŷ = {0} before the step");
    l.update(x(3), y(3));
    assertBeta(new double[][] {{-0.2535833426551046, 0.2535833426551046, -2.7148018270236998},
        {0.30892003983214344, -0.30892003983214344, 2.6399093540859124}}, l, "E1 β1");
    assertMatrix(new double[][] {{2.348902091106358, -1.8492299641236718}, {-1.849229964123671, 2.1556810888377926}}, l.m(), "E1 M1");
    double[][] after = {{-0.01312836064271369, 0.01312836064271369, -0.4658662366085938},
        {0.15043627335952398, -0.15043627335952398, 1.097687142221908}, {0.10546684348816537, -0.10546684348816537, 0.6478924028484601},
        {-0.10253864563318374, 0.10253864563318374, -1.287231099105629}};
    for (int i = 0; i < 4; i++) {
      assertScores(after[i], l, i, "E1 after");
    }
    assertEquals(4, l.examplesSeen());
    assertEquals(0, l.guardSkips());
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 64})
  void e2ElmOmllAnchored(int block) {
    Settings s = settings("elm-omll").with("c", 1f).with("block", block);
    ElmOmll l = (ElmOmll) explicit(s, W2, B2, 3);
    double[][] weights = {{3, 2, 2}, {3, 2, 2}, {2, 3, 2}, {2, 3, 2}};
    double[] w = new double[3];
    for (int i = 0; i < 4; i++) {
      l.weights(y(i), w, 0);
      assertArrayEquals(weights[i], w, "E2 weights of x" + (i + 1));
    }
    for (int i = 0; i < 3; i++) {
      l.update(x(i), y(i));
    }
    assertBeta(new double[][] {{0.8626930465229072, -0.7303442939827859, -0.4189258279259054},
        {-0.32557662674043725, -0.00608301355154062, 0.748886884511206}}, l, "E2 β0");
    assertMatrix(new double[][] {{0.5694145432916535, -0.3022944231048038}, {-0.30229442310480387, 0.3814842487246725}}, l.p(0),
        "E2 P0 of label 0");
    assertScores(new double[] {0.5547998816549847, -0.5496753992463629, -0.10166423949938933}, l, 3, "E2 before");
    l.update(x(3), y(3));
    assertBeta(new double[][] {{0.1280411339171016, 0.27511599077410354, -0.8735483099348533},
        {-0.07060196960491183, -0.3406645939174664, 0.8817873460438044}}, l, "E2 β1");
    assertMatrix(new double[][] {{0.4081126624155959, -0.24631159495724236}, {-0.24631159495724242, 0.3620543634041933}}, l.p(0),
        "E2 P0 of label 0 after");
    double[][] after = {{0.04825192157414106, 0.0115554979264436, -0.13413834815869055},
        {-0.01034259412423183, -0.16744727689946984, 0.3780574985535856}, {0.00831585523798459, -0.11839796288809548, 0.23179286219441464},
        {0.07601741684652759, 0.10968017725247142, -0.4050135664077838}};
    for (int i = 0; i < 4; i++) {
      assertScores(after[i], l, i, "E2 after");
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 64})
  void e3ElmOmllCoupledOracle(int block) {
    Settings s = settings("elm-omll").with("c", 1f).with("solver", "coupled").with("block", block);
    ElmLearner l = explicit(s, W2, B2, 3);
    for (int i = 0; i < 3; i++) {
      l.update(x(i), y(i));
    }
    assertBeta(new double[][] {{1.2983591761036988, -0.9466322937249977, -0.5161468053746305},
        {-0.5807552427031273, 0.01386621525430339, 1.057489573151155}}, l, "E3 β on x1..x3");
    l.update(x(3), y(3));
    assertBeta(new double[][] {{0.29048956227872996, 0.4455144763784011, -1.251537765848678},
        {-0.1858868102755017, -0.5492969127443289, 1.2696385334924858}}, l, "E3 β on x1..x4");
    assertScores(new double[] {0.00032600146537803, -0.1900246407810804, 0.33663159919735963}, l, 2, "E3");
    Scores sc = new Scores(3);
    l.predict(x(2), sc);
    assertTrue(sc.isPredicted(0) && !sc.isPredicted(1) && sc.isPredicted(2), "labels 0 and 2, label 0 only just");
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 64})
  void e4OsmlElmRankDeficientStart(int block) {
    OsmlElm l = (OsmlElm) explicit(settings("osml-elm").with("block", block), W3, B3, 2);
    l.update(x(0), y(0));
    l.update(x(1), y(1));
    assertEquals(2, l.statistics().get("initialRank"));
    assertEquals(1, l.statistics().get("initialEigenvaluesDropped"));
    assertEquals(3 * Math.ulp(1.9078918654765316), (double) l.statistics().get("pinvTolerance"), 1e-30);
    assertMatrix(new double[][] {{3.027425117171713, -3.8369027480160685, 1.9890641498951482},
        {-3.8369027480160685, 5.7702925068617885, -2.351346160954439}, {1.9890641498951482, -2.3513461609544395, 1.3385262138447647}},
        l.m(), "E4 M0");
    assertBeta(new double[][] {{2.4282150385006958, -2.4282150385006958, -2.4282150385006958},
        {-3.2955277874148368, 3.2955277874148368, 3.2955277874148368}, {1.554631897067459, -1.554631897067459, -1.554631897067459}},
        l, "E4 β0");
    l.update(x(2), y(2));
    l.update(x(3), y(3));
    double[][] expected = {{-0.19887176392487937, 0.19887176392487937, -1.7374710311617507},
        {0.3600337312246542, -0.3600337312246542, 2.785447562599954}, {-0.11048483218260174, 0.11048483218260174, -1.0325375603007712}};
    assertBeta(expected, l, "E4 β after x3, x4");
    // not the batch pinv over all four examples (entries near ±70): the singular start is kept, not "fixed"
    for (int i = 0; i < 3; i++) {
      for (int p = 0; p < 3; p++) {
        assertTrue(Math.abs(l.beta(i, p)) < 5, "β[" + i + "][" + p + "] = " + l.beta(i, p) + " looks like the batch pinv");
      }
    }
    double[][] scores = {{-0.02671004105728942, 0.02671004105728942, -0.4538251615273575},
        {0.15874739578462777, -0.15874739578462777, 1.0799377937533037}, {0.10963140816284006, -0.10963140816284006, 0.6628655419341842},
        {-0.13089193492491616, 0.13089193492491616, -1.2968781932761502}};
    for (int i = 0; i < 4; i++) {
      assertScores(scores[i], l, i, "E4 after");
    }
  }
}
